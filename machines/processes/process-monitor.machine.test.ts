import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { UnitProcess } from '../domain/types';
import { retryDelayMs, type ProcessSample } from './process-monitor.machine';
import { proc, flush, manualFetch, autoFetchWith, start } from './process-monitor.test-support';

const autoFetch = (items?: (n: number) => UnitProcess[]) => autoFetchWith((fetch) => vi.fn(fetch), items);

describe('process monitor: polling', () => {
  it('waits for a unit before polling', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch, { unitId: null });
    clock.increment(20_000);
    await flush();
    expect(actor.getSnapshot().matches({ monitor: 'noUnit' })).toBe(true);
    expect(fn).not.toHaveBeenCalled();
    actor.send({ type: 'process.unit.select', unitId: 'u2' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn.mock.calls[0]?.[0].input).toEqual({ unitId: 'u2' });
  });

  it('polls every 5 s by default and shows the newest figures', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.items[0]?.cpuPercent).toBe(1);
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    clock.increment(4999);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.items[0]?.cpuPercent).toBe(2);
    expect(actor.getSnapshot().context.sampledAt).toBe('t2');
    clock.increment(5000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('pause stops polling; resume polls at once and goes on', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch);
    await flush();
    actor.send({ type: 'process.pause' });
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    clock.increment(60_000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.items[0]?.cpuPercent).toBe(1);
    actor.send({ type: 'process.resume' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    clock.increment(5000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('pausing during a request drops its answer', async () => {
    const { actor: fetch, calls } = manualFetch();
    const { actor } = start(fetch);
    actor.send({ type: 'process.pause' });
    calls[0]?.resolve({ unitId: 'u1', items: [proc('1')], sampledAt: 't' });
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('can start paused', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor } = start(fetch, { paused: true });
    await flush();
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(fn).not.toHaveBeenCalled();
  });

  it('a new interval applies from the moment it is chosen', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch);
    await flush();
    clock.increment(3000);
    actor.send({ type: 'process.interval.change', intervalMs: 2000 });
    clock.increment(1999);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    actor.send({ type: 'process.interval.change', intervalMs: 30_000 });
    clock.increment(29_999);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    clock.increment(1);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
    actor.send({ type: 'process.interval.change', intervalMs: -1 });
    expect(actor.getSnapshot().context.intervalMs).toBe(30_000);
  });

  it('ignores a late answer for the previous unit after the unit changes', async () => {
    const { actor: fetch, calls } = manualFetch();
    const { actor } = start(fetch);
    actor.send({ type: 'process.unit.select', unitId: 'u2' });
    expect(calls.map((c) => c.unitId)).toEqual(['u1', 'u2']);
    calls[1]?.resolve({ unitId: 'u2', items: [proc('9', { serviceUnitId: 'u2' })], sampledAt: 'b' });
    await flush();
    calls[0]?.resolve({ unitId: 'u1', items: [proc('1')], sampledAt: 'a' });
    await flush();
    expect(actor.getSnapshot().context.unitId).toBe('u2');
    expect(actor.getSnapshot().context.items.map((p) => p.id)).toEqual(['9']);
  });

  it('clears the rows of the previous unit at once when the unit changes', async () => {
    const { actor: fetch } = autoFetch();
    const { actor } = start(fetch);
    await flush();
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    actor.send({ type: 'process.unit.select', unitId: 'u2' });
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(actor.getSnapshot().context.updatedAt).toBeNull();
  });

  it('retries a failed poll with backoff, then stops until the user retries', async () => {
    let fail = true;
    const fn = vi.fn(async ({ input }: { input: { unitId: string } }) => {
      if (fail) throw new Error('offline');
      return { unitId: input.unitId, items: [proc('1')], sampledAt: 'ok' };
    });
    const { actor, clock } = start(fromPromise(fn), { maxAutoRetries: 2 });
    await flush();
    expect(actor.getSnapshot().hasTag('failing')).toBe(true);
    expect((actor.getSnapshot().context.error as Error).message).toBe('offline');
    clock.increment(retryDelayMs(5000, 1));
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    clock.increment(retryDelayMs(5000, 2) - 1);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    clock.increment(1);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().hasTag('stalled')).toBe(true);
    clock.increment(600_000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
    fail = false;
    actor.send({ type: 'process.retry' });
    await flush();
    expect(actor.getSnapshot().hasTag('failing')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, failures: 0 });
    expect(actor.getSnapshot().context.items).toHaveLength(1);
  });

  it('does not retry by itself when the unit is not found', async () => {
    const fn = vi.fn(async (): Promise<ProcessSample> =>
      Promise.reject(Object.assign(new Error('Service unit not found'), { status: 404 })),
    );
    const { actor, clock } = start(fromPromise(fn));
    await flush();
    expect(actor.getSnapshot().hasTag('stalled')).toBe(true);
    clock.increment(120_000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('backoff doubles and is capped', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(5000, n))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30_000, 5)).toBe(60_000);
  });
});

describe('process monitor: only polls while the table is seen', () => {
  it('stops polling while the browser tab is hidden, and refreshes at once when it is visible again', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    actor.send({ type: 'process.visibility.hidden' });
    expect(actor.getSnapshot().hasTag('suspended')).toBe(true);
    clock.increment(60_000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    actor.send({ type: 'process.visibility.visible' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.items[0]?.cpuPercent).toBe(2);
    clock.increment(5000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('stops polling while the Rules tab is shown, and refreshes at once back on the Processes tab', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch);
    await flush();
    actor.send({ type: 'process.view.change', view: 'rules' });
    clock.increment(60_000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    actor.send({ type: 'process.view.change', view: 'processes' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the answer of a request in flight when the tab is hidden', async () => {
    const { actor: fetch, calls } = manualFetch();
    const { actor } = start(fetch);
    actor.send({ type: 'process.visibility.hidden' });
    calls[0]?.resolve({ unitId: 'u1', items: [proc('1')], sampledAt: 't' });
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('needs both: a visible browser tab on the Rules tab, or a hidden one on the Processes tab, stays quiet', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch, { view: 'rules' });
    await flush();
    expect(fn).not.toHaveBeenCalled();
    actor.send({ type: 'process.visibility.hidden' });
    actor.send({ type: 'process.view.change', view: 'processes' });
    clock.increment(30_000);
    await flush();
    expect(fn).not.toHaveBeenCalled();
    actor.send({ type: 'process.visibility.visible' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a paused monitor stays paused when the tab becomes visible; resuming while hidden waits for visibility', async () => {
    const { actor: fetch, fn } = autoFetch();
    const { actor, clock } = start(fetch, { paused: true, documentHidden: true });
    actor.send({ type: 'process.visibility.visible' });
    await flush();
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(fn).not.toHaveBeenCalled();
    actor.send({ type: 'process.visibility.hidden' });
    actor.send({ type: 'process.resume' });
    clock.increment(30_000);
    await flush();
    expect(fn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('suspended')).toBe(true);
    actor.send({ type: 'process.visibility.visible' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a stalled monitor stays stalled (no retry) when the tab is hidden and shown again', async () => {
    const fn = vi.fn(async (): Promise<ProcessSample> => Promise.reject(Object.assign(new Error('gone'), { status: 404 })));
    const { actor } = start(fromPromise(fn));
    await flush();
    actor.send({ type: 'process.visibility.hidden' });
    actor.send({ type: 'process.visibility.visible' });
    await flush();
    expect(actor.getSnapshot().hasTag('stalled')).toBe(true);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
