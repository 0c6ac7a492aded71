import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { Page, Screenshot } from '../domain/types';
import { aScreenshot } from '../testing/fixtures';
import { createListMachine, type BulkRequest, type ListQuery } from '../list/list.machine';
import { createCaptureMachine, type CaptureTicket } from './capture.machine';
import { createScreenshotViewerMachine, type FlagInput } from './screenshot-viewer.machine';
import { createScreenshotsScreenMachine, type ScreenshotsScreenEmitted } from './screenshots-screen.machine';

const shot = (id: string, patch: Partial<Screenshot> = {}): Screenshot => aScreenshot({ id, ...patch });
const flush = () => new Promise((r) => setTimeout(r, 0));

/** The screen with fakes for its three children's requests: the grid answers `pages` in turn (the last one again). */
function startScreen(pages: Screenshot[][], options: { saveFails?: boolean; bulkFails?: boolean } = {}) {
  const fetchPage = vi.fn(async ({ input }: { input: { query: ListQuery } }): Promise<Page<Screenshot>> => {
    const items = pages[Math.min(fetchPage.mock.calls.length - 1, pages.length - 1)] ?? [];
    return { items, total: items.length, page: input.query.page, pageSize: input.query.pageSize };
  });
  const machine = createScreenshotsScreenMachine<Screenshot>().provide({
    actors: {
      list: createListMachine<Screenshot>().provide({
        actors: {
          fetchPage: fromPromise(fetchPage),
          bulkAction: fromPromise<unknown, BulkRequest>(async () => {
            if (options.bulkFails) throw new Error('offline');
            return null;
          }),
        },
      }),
      viewer: createScreenshotViewerMachine<Screenshot>().provide({
        actors: {
          saveFlag: fromPromise<Screenshot, FlagInput>(async ({ input }) => {
            if (options.saveFails) throw new Error('offline');
            return shot(input.id, { flagged: input.flagged, note: input.note });
          }),
          deleteScreenshot: fromPromise<unknown, { id: string }>(async () => null),
          liveEvents: fromCallback<EventObject>(() => undefined),
        },
      }),
      capture: createCaptureMachine<Screenshot>().provide({
        actors: {
          requestCapture: fromPromise<CaptureTicket<Screenshot>, { unitId: string }>(async ({ input }) => ({
            id: 't1',
            serviceUnitId: input.unitId,
            status: 'delivered',
            failureReason: null,
            screenshot: shot('new'),
          })),
        },
      }),
    },
  });
  const screen = createActor(machine, { input: { list: { query: { pageSize: 24 } } } });
  const emitted: ScreenshotsScreenEmitted<Screenshot>[] = [];
  screen.on('*', (event) => emitted.push(event));
  screen.start();
  const { list, viewer, capture } = screen.getSnapshot().context;
  return { screen, list, viewer, capture, fetchPage, emitted };
}

describe('screenshots screen machine', () => {
  it('hands the grid’s rows to the lightbox, and the next page’s rows when they come', async () => {
    const { list, viewer } = startScreen([[shot('a'), shot('b')], [shot('c')]]);
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    expect(viewer.getSnapshot().context.items.map((s) => s.id)).toEqual(['a', 'b']);
    list.send({ type: 'list.query.change', query: { page: 2 } });
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    expect(viewer.getSnapshot().context.items.map((s) => s.id)).toEqual(['c']);
  });

  it('a flag saved in the lightbox reloads the grid and is told once', async () => {
    const { list, viewer, fetchPage, emitted } = startScreen([[shot('a')]]);
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    viewer.send({ type: 'viewer.open', index: 0 });
    viewer.send({ type: 'viewer.draft', flagged: true, note: 'odd' });
    viewer.send({ type: 'viewer.save' });
    await waitFor(list, (s) => s.matches({ data: 'loaded' }) && fetchPage.mock.calls.length === 2);
    expect(emitted.filter((e) => e.type === 'viewer.saved')).toEqual([
      { type: 'viewer.saved', screenshot: shot('a', { flagged: true, note: 'odd' }) },
    ]);
  });

  it('a failed save is told, and the grid is not reloaded', async () => {
    const { list, viewer, fetchPage, emitted } = startScreen([[shot('a')]], { saveFails: true });
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    viewer.send({ type: 'viewer.open', index: 0 });
    viewer.send({ type: 'viewer.save' });
    await flush();
    expect(emitted.map((e) => e.type)).toEqual(['viewer.failed']);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('a screenshot deleted in the lightbox reloads the grid and is told', async () => {
    const { list, viewer, fetchPage, emitted } = startScreen([[shot('a'), shot('b')], [shot('b')]]);
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    viewer.send({ type: 'viewer.open', index: 0 });
    viewer.send({ type: 'viewer.delete' });
    viewer.send({ type: 'viewer.delete.confirm' });
    await waitFor(list, (s) => s.matches({ data: 'loaded' }) && fetchPage.mock.calls.length === 2);
    expect(emitted).toContainEqual({ type: 'viewer.deleted', id: 'a' });
    expect(viewer.getSnapshot().context.items.map((s) => s.id)).toEqual(['b']);
  });

  it('a delivered capture reloads the grid and is told', async () => {
    const { list, capture, fetchPage, emitted } = startScreen([[shot('a')], [shot('new'), shot('a')]]);
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    capture.send({ type: 'capture.request', unitId: 'u1' });
    await waitFor(list, (s) => s.matches({ data: 'loaded' }) && fetchPage.mock.calls.length === 2);
    expect(emitted.map((e) => e.type)).toEqual(['capture.delivered']);
    expect(list.getSnapshot().context.items.map((s) => s.id)).toEqual(['new', 'a']);
  });

  it('tells the grid’s bulk outcome, done or failed', async () => {
    const done = startScreen([[shot('a')]]);
    await waitFor(done.list, (s) => s.matches({ data: 'loaded' }));
    done.list.send({ type: 'list.select', id: 'a' });
    done.list.send({ type: 'list.bulk', action: 'delete' });
    await waitFor(done.list, (s) => s.matches({ data: 'loaded' }));
    expect(done.emitted.map((e) => e.type)).toEqual(['list.bulk.done']);

    const failed = startScreen([[shot('a')]], { bulkFails: true });
    await waitFor(failed.list, (s) => s.matches({ data: 'loaded' }));
    failed.list.send({ type: 'list.select', id: 'a' });
    failed.list.send({ type: 'list.bulk', action: 'delete' });
    await flush();
    expect(failed.emitted.map((e) => e.type)).toEqual(['list.bulk.failed']);
  });

  it('tells a screenshot deleted elsewhere under the lightbox', async () => {
    const { list, viewer, emitted } = startScreen([[shot('a')]]);
    await waitFor(list, (s) => s.matches({ data: 'loaded' }));
    viewer.send({ type: 'viewer.open', index: 0 });
    viewer.send({ type: 'viewer.live.deleted', id: 'a' });
    expect(emitted).toEqual([{ type: 'viewer.gone', id: 'a' }]);
  });
});
