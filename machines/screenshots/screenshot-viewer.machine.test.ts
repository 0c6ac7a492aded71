import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Screenshot } from '../domain/types';
import { fakeLiveStream } from '../testing/fake-stream';
import { createScreenshotViewerMachine, type FlagInput } from './screenshot-viewer.machine';
import { screenshotViewerEvent } from './screenshots-live';

const shot = (id: string, patch: Partial<Screenshot> = {}): Screenshot => ({
  id,
  serviceUnitId: 'u1',
  capturedAt: '2026-01-01T00:00:00.000Z',
  width: 1920,
  height: 1080,
  activeWindowTitle: `Window ${id}`,
  processName: 'app.exe',
  flagged: false,
  note: '',
  ...patch,
});
const machine = createScreenshotViewerMachine<Screenshot>();
const items = [shot('a'), shot('b'), shot('c')];

function start(actors: Parameters<typeof machine.provide>[0]['actors'] = {}) {
  const actor = createActor(machine.provide({ actors })).start();
  actor.send({ type: 'viewer.items', items });
  return actor;
}
const current = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.items[actor.getSnapshot().context.index]?.id;

describe('screenshot viewer machine', () => {
  it('opens at a screenshot and steps within the page, stopping at the ends', () => {
    const actor = start();
    actor.send({ type: 'viewer.open', index: 1 });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'viewer.next' });
    expect(current(actor)).toBe('c');
    actor.send({ type: 'viewer.next' });
    expect(current(actor)).toBe('c');
    expect(actor.getSnapshot().can({ type: 'viewer.next' })).toBe(false);
    actor.send({ type: 'viewer.prev' });
    actor.send({ type: 'viewer.prev' });
    actor.send({ type: 'viewer.prev' });
    expect(current(actor)).toBe('a');
    actor.send({ type: 'viewer.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('saves a flag with a note and reports the saved screenshot', async () => {
    const saveFlag = vi.fn(async ({ input }: { input: FlagInput }) => shot(input.id, { flagged: input.flagged, note: input.note }));
    const actor = start({ saveFlag: fromPromise(saveFlag) });
    const saved: string[] = [];
    actor.on('viewer.saved', (e) => saved.push(`${e.screenshot.id}:${e.screenshot.note}`));
    actor.send({ type: 'viewer.open', index: 0 });
    actor.send({ type: 'viewer.draft', flagged: true });
    actor.send({ type: 'viewer.draft', note: 'Game' });
    actor.send({ type: 'viewer.save' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(saveFlag.mock.calls[0]?.[0].input).toEqual({ id: 'a', flagged: true, note: 'Game' });
    expect(saved).toEqual(['a:Game']);
    expect(actor.getSnapshot().context.items[0]?.flagged).toBe(true);
  });

  it('keeps the typed note after a failed save', async () => {
    const actor = start({ saveFlag: fromPromise(async () => Promise.reject(new Error('nope'))) });
    actor.send({ type: 'viewer.open', index: 2 });
    actor.send({ type: 'viewer.draft', flagged: true, note: 'Keep me' });
    actor.send({ type: 'viewer.save' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(actor.getSnapshot().context.draft).toEqual({ flagged: true, note: 'Keep me' });
    expect((actor.getSnapshot().context.error as Error).message).toBe('nope');
  });

  it('deletes after confirmation and shows the next one', async () => {
    const deleteScreenshot = vi.fn(async (_: { input: { id: string } }): Promise<unknown> => ({}));
    const actor = start({ deleteScreenshot: fromPromise(deleteScreenshot) });
    actor.send({ type: 'viewer.open', index: 1 });
    actor.send({ type: 'viewer.delete' });
    actor.send({ type: 'viewer.delete.cancel' });
    expect(deleteScreenshot).not.toHaveBeenCalled();
    actor.send({ type: 'viewer.delete' });
    actor.send({ type: 'viewer.delete.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'browsing' }));
    expect(deleteScreenshot.mock.calls[0]?.[0].input).toEqual({ id: 'b' });
    expect(current(actor)).toBe('c');
  });

  it('turns the page at either end and lands on its first or last screenshot', () => {
    const actor = start();
    actor.send({ type: 'viewer.open', index: 2 });
    actor.send({ type: 'viewer.page.next' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'viewer.items', items: [shot('d'), shot('e')] });
    expect(current(actor)).toBe('d');
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    actor.send({ type: 'viewer.page.prev' });
    actor.send({ type: 'viewer.items', items });
    expect(current(actor)).toBe('c');
  });

  it('closes when the screenshot shown disappears from the page', () => {
    const actor = start();
    actor.send({ type: 'viewer.open', index: 1 });
    actor.send({ type: 'viewer.items', items: [shot('z'), shot('b')] });
    expect(current(actor)).toBe('b');
    actor.send({ type: 'viewer.items', items: [shot('z')] });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('closes and says so when the screenshot shown, or the one it asks to delete, is deleted elsewhere', () => {
    const actor = start();
    const gone = vi.fn();
    actor.on('viewer.gone', gone);
    actor.send({ type: 'viewer.open', index: 1 });
    actor.send({ type: 'viewer.live.deleted', id: 'c' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(gone).not.toHaveBeenCalled();
    actor.send({ type: 'viewer.live.deleted', id: 'b' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(gone).toHaveBeenCalledWith({ type: 'viewer.gone', id: 'b' });
    // The page is the grid's to change: it still holds what the grid showed.
    expect(actor.getSnapshot().context.items.map((s) => s.id)).toEqual(['a', 'b', 'c']);

    actor.send({ type: 'viewer.open', index: 0 });
    actor.send({ type: 'viewer.delete' });
    actor.send({ type: 'viewer.live.deleted', id: 'a' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(gone).toHaveBeenLastCalledWith({ type: 'viewer.gone', id: 'a' });
  });

  it('takes the deletions a fake live stream reports, through the screen’s map (an update elsewhere is not one)', () => {
    const live = fakeLiveStream(screenshotViewerEvent);
    const actor = start({ liveEvents: live.logic });
    actor.send({ type: 'viewer.open', index: 2 });
    live.push(live.event('screenshot.changed', 'c', { screenshotId: 'c', change: 'updated' }));
    expect(actor.getSnapshot().matches('closed')).toBe(false);
    live.push(live.event('screenshot.changed', 'c', { screenshotId: 'c', change: 'deleted' }));
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });
});
