import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { LiveEvent, Page, Screenshot } from '../domain/types';
import { createListMachine, type ListQuery, type ListSort } from '../list/list.machine';
import { deferredActor, flush } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import { aScreenshot } from '../testing/fixtures';
import { screenshotListEvent } from './screenshots-live';

/**
 * The screenshots grid is the list machine as the screen configures it (src/features/screenshots/hooks/use-screenshots.ts):
 * new rows come first newest first, and a `screenshot.captured` arrives as `list.live.created` with the unit and flag
 * it would pass filters on. Driven here with fake actors: pages the test answers, and a fake live stream whose events
 * reach the grid through the screen's own map (`screenshotListEvent`).
 */

const NEWEST_FIRST: ListSort = { column: 'capturedAt', direction: 'desc' };
const machine = createListMachine<Screenshot>();

const shots = (n: number): Screenshot[] => Array.from({ length: n }, (_, i) => aScreenshot({ id: `s${i + 1}` }));
const page = (items: Screenshot[], total = items.length): Page<Screenshot> => ({ items, total, page: 1, pageSize: 24 });
const { event } = fakeLiveStream(() => null);
/** Captured now: a capture from before the page began to load is not counted (a replay after unlock). */
const captured = (id: string, unit = 'unit-1'): LiveEvent => ({
  ...event('screenshot.captured', id, { screenshotId: id, commandId: null }, unit),
  at: new Date().toISOString(),
});
const deletedElsewhere = (id: string): LiveEvent => event('screenshot.changed', id, { screenshotId: id, change: 'deleted' });
const flaggedElsewhere = (id: string): LiveEvent => event('screenshot.changed', id, { screenshotId: id, change: 'updated' });
const unitDeleted = (unit: string): LiveEvent => event('unit.deleted', unit, {}, unit);

function startGrid(query: Partial<ListQuery> = {}) {
  const pages = deferredActor<Page<Screenshot>, { query: ListQuery }>();
  const live = fakeLiveStream(screenshotListEvent);
  const actor = createActor(machine.provide({ actors: { fetchPage: pages.logic, liveEvents: live.logic } }), {
    input: { query: { pageSize: 24, sort: NEWEST_FIRST, ...query }, newRowsSort: NEWEST_FIRST, liveDebounceMs: 500 },
    clock: new SimulatedClock(),
  }).start();
  return { actor, pages, live };
}

async function loaded(query: Partial<ListQuery> = {}) {
  const grid = startGrid(query);
  grid.pages.last().resolve(page(shots(3)));
  await flush();
  return grid;
}

describe('screenshots grid: live captures', () => {
  it('a new capture appears on page 1, newest first (the page is asked for again)', async () => {
    const { actor, pages, live } = await loaded();
    live.push(captured('s0'));
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    pages.last().resolve(page([aScreenshot({ id: 's0' }), ...shots(3)]));
    await flush();
    expect(actor.getSnapshot().context.items.map((s) => s.id)).toEqual(['s0', 's1', 's2', 's3']);
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });

  it('under a unit filter it passes, it appears too; another unit’s capture is neither shown nor counted', async () => {
    const { actor, pages, live } = await loaded({ filters: { unit: 'unit-1', flagged: 'false' } });
    live.push(captured('x1', 'unit-2'));
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.newCount).toBe(0);
    live.push(captured('s0', 'unit-1'));
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    expect(pages.last().input.query.filters).toEqual({ unit: 'unit-1', flagged: 'false' });
  });

  it('only flagged screenshots shown: a capture (never flagged) is dropped', async () => {
    const { actor, pages, live } = await loaded({ filters: { flagged: 'true' } });
    live.push(captured('s0'));
    expect(actor.getSnapshot().context.newCount).toBe(0);
    expect(pages.calls).toHaveLength(1);
  });

  it.each<[string, Partial<ListQuery>]>([
    ['on page 2', { page: 2 }],
    ['oldest first', { sort: { column: 'capturedAt', direction: 'asc' } }],
    ['under a date range (not checked against a capture)', { filters: { from: '2026-11-01', to: '2026-11-30' } }],
  ])('%s, captures are counted for the bar; Show opens page 1 newest first', async (_, query) => {
    const { actor, pages, live } = await loaded(query);
    live.push(captured('n1'));
    live.push(captured('n2'));
    expect(actor.getSnapshot().context.newCount).toBe(2);
    expect(pages.calls).toHaveLength(1);

    actor.send({ type: 'list.live.show' });
    expect(pages.last().input.query).toMatchObject({ page: 1, sort: NEWEST_FIRST, filters: query.filters ?? {} });
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });

  it('with the pointer over the tiles nothing moves: captures wait behind the bar until Show', async () => {
    const { actor, pages, live } = await loaded();
    actor.send({ type: 'list.pointer.enter' });
    live.push(captured('n1'));
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.newCount).toBe(1);
    actor.send({ type: 'list.pointer.leave' });
    // Leaving does not move them in by itself (the pointer may be on its way to the bar).
    expect(pages.calls).toHaveLength(1);
    live.push(captured('n2'));
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    pages.last().resolve(page(shots(5)));
    await flush();
    expect(actor.getSnapshot().context.newCount).toBe(0);
  });

  it('a capture from before the page began to load (a replay after unlock) is not counted', async () => {
    const { actor, pages, live } = await loaded({ page: 2 });
    live.push({ ...captured('old'), at: new Date(Date.now() - 60_000).toISOString() });
    expect(actor.getSnapshot().context.newCount).toBe(0);
    live.push(captured('n1'));
    expect(actor.getSnapshot().context.newCount).toBe(1);
    expect(pages.calls).toHaveLength(1);
  });

  it('an empty grid shows the first capture whatever the pointer does (there is no tile to move)', async () => {
    const { actor, pages, live } = startGrid();
    pages.last().resolve(page([]));
    await flush();
    expect(actor.getSnapshot().matches({ data: 'empty' })).toBe(true);
    actor.send({ type: 'list.pointer.enter' });
    live.push(captured('s1'));
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
  });

  it('a deleted unit (its screenshots went with it) reloads once quiet, not under the pointer', async () => {
    const clock = new SimulatedClock();
    const pages = deferredActor<Page<Screenshot>, { query: ListQuery }>();
    const live = fakeLiveStream(screenshotListEvent);
    const actor = createActor(machine.provide({ actors: { fetchPage: pages.logic, liveEvents: live.logic } }), {
      input: { query: { sort: NEWEST_FIRST }, newRowsSort: NEWEST_FIRST, liveDebounceMs: 500 },
      clock,
    }).start();
    pages.last().resolve(page(shots(3)));
    await flush();
    actor.send({ type: 'list.pointer.enter' });
    live.push(unitDeleted('unit-1'));
    clock.increment(2000);
    expect(pages.calls).toHaveLength(1);
    actor.send({ type: 'list.pointer.leave' });
    clock.increment(500);
    expect(pages.calls).toHaveLength(2);
  });
});

describe('screenshots grid: screenshots deleted or flagged elsewhere (screenshot.changed)', () => {
  function startWithClock() {
    const clock = new SimulatedClock();
    const pages = deferredActor<Page<Screenshot>, { query: ListQuery }>();
    const live = fakeLiveStream(screenshotListEvent);
    const actor = createActor(machine.provide({ actors: { fetchPage: pages.logic, liveEvents: live.logic } }), {
      input: { query: { sort: NEWEST_FIRST }, newRowsSort: NEWEST_FIRST, liveDebounceMs: 500 },
      clock,
    }).start();
    return { actor, pages, live, clock };
  }

  it('a deleted screenshot on the page leaves it at once; one on another page changes nothing', async () => {
    const { actor, pages, live } = await loaded();
    live.push(deletedElsewhere('elsewhere'));
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    live.push(deletedElsewhere('s2'));
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    pages.last().resolve(page([aScreenshot({ id: 's1' }), aScreenshot({ id: 's3' })]));
    await flush();
    expect(actor.getSnapshot().context.items.map((s) => s.id)).toEqual(['s1', 's3']);
  });

  it('under the pointer the tiles stay until it leaves, then the page reloads without the deleted one', async () => {
    const { actor, pages, live, clock } = startWithClock();
    pages.last().resolve(page(shots(3)));
    await flush();
    actor.send({ type: 'list.pointer.enter' });
    live.push(deletedElsewhere('s2'));
    clock.increment(2000);
    expect(pages.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.items.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    actor.send({ type: 'list.pointer.leave' });
    clock.increment(500);
    expect(pages.calls).toHaveLength(2);
    pages.last().resolve(page([aScreenshot({ id: 's1' }), aScreenshot({ id: 's3' })]));
    await flush();
    expect(actor.getSnapshot().context.items.map((s) => s.id)).toEqual(['s1', 's3']);
  });

  it('a flag or note changed elsewhere reloads the page once quiet (several changes, one reload)', async () => {
    const { actor, pages, live, clock } = startWithClock();
    pages.last().resolve(page(shots(3)));
    await flush();
    live.push(flaggedElsewhere('s1'));
    clock.increment(200);
    live.push(flaggedElsewhere('s1'));
    clock.increment(499);
    expect(pages.calls).toHaveLength(1);
    clock.increment(1);
    expect(pages.calls).toHaveLength(2);
    pages.last().resolve(page([aScreenshot({ id: 's1', flagged: true, note: 'Game' }), ...shots(3).slice(1)]));
    await flush();
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ flagged: true, note: 'Game' });
  });
});
