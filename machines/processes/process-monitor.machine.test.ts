import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Command, UnitProcess } from '../domain/types';
import { callbackActor } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import {
  processMonitorLiveEvent,
  processMonitorMachine,
  processTotals,
  retryDelayMs,
  visibleProcesses,
  type BlockResult,
  type CommandOutcome,
  type ProcessSample,
} from './process-monitor.machine';

const proc = (id: string, patch: Partial<UnitProcess> = {}): UnitProcess => ({
  id,
  serviceUnitId: 'u1',
  name: `app${id}.exe`,
  pid: Number(id) * 10,
  user: 'j.smith',
  cpuPercent: 1,
  memoryMb: 100,
  startedAt: '2026-01-01T00:00:00.000Z',
  state: 'running',
  ...patch,
});

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

/** A fetchProcesses fake that answers each call by hand. */
function manualFetch() {
  const calls: { unitId: string; resolve: (s: ProcessSample) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<ProcessSample, { unitId: string }>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ unitId: input.unitId, resolve, reject })),
  );
  return { actor, calls };
}

function autoFetch(items: (n: number) => UnitProcess[] = (n) => [proc('1', { cpuPercent: n })]) {
  let n = 0;
  const fn = vi.fn(async ({ input }: { input: { unitId: string } }) => {
    n += 1;
    return { unitId: input.unitId, items: items(n), sampledAt: `t${n}` };
  });
  return { actor: fromPromise(fn), fn };
}

function start(fetchProcesses: ReturnType<typeof autoFetch>['actor'], input = {}, extra = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(processMonitorMachine.provide({ actors: { fetchProcesses, ...extra } }), {
    input: { unitId: 'u1', ...input },
    clock,
  });
  actor.start();
  return { actor, clock };
}

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

describe('process monitor: actions', () => {
  const items = [proc('1', { name: 'steam.exe' }), proc('2', { name: 'chrome.exe' }), proc('3', { name: 'steam.exe' })];
  const fetch = () => autoFetch(() => items).actor;

  const command = (id: string, status: CommandOutcome['status'], message: string | null = null): CommandOutcome => ({
    id,
    status,
    message,
  });

  /** A checkCommands fake whose answers the test sets per command id. */
  function commandStatuses(initial: Record<string, CommandOutcome['status']> = {}) {
    const statuses: Record<string, CommandOutcome['status']> = { ...initial };
    const messages: Record<string, string | null> = {};
    const fn = vi.fn(async ({ input }: { input: { commandIds: string[] } }) =>
      input.commandIds.map((id) => command(id, statuses[id] ?? 'pending', messages[id] ?? null)),
    );
    return { actor: fromPromise(fn), fn, statuses, messages };
  }

  it('ends a process only after confirmation: the row shows ending until the agent reports it ended', async () => {
    const endProcess = vi.fn(async () => command('c1', 'pending'));
    const checks = commandStatuses();
    // The unit reports the process until its agent ended it.
    const reported = autoFetch(() => items.filter((p) => p.id !== '2' || checks.statuses['c1'] !== 'succeeded')).actor;
    const { actor, clock } = start(reported, {}, { endProcess: fromPromise(endProcess), checkCommands: checks.actor });
    await flush();
    const ended: string[] = [];
    actor.on('process.ended', (e) => ended.push(e.process.id));
    actor.send({ type: 'process.end', process: items[1] as UnitProcess });
    expect(actor.getSnapshot().matches({ action: 'confirmingEnd' })).toBe(true);
    actor.send({ type: 'process.action.cancel' });
    expect(endProcess).not.toHaveBeenCalled();
    actor.send({ type: 'process.end', process: items[1] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(endProcess).toHaveBeenCalledTimes(1);
    // Accepted, not done: the row stays, marked as ending, and the monitor is free for other actions.
    expect(actor.getSnapshot().context.ending.map((e) => e.process.id)).toEqual(['2']);
    expect(actor.getSnapshot().context.items.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true);
    // The same process cannot be ended twice while its command waits.
    actor.send({ type: 'process.end', process: items[1] as UnitProcess });
    expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true);
    clock.increment(1500);
    await flush();
    expect(checks.fn).toHaveBeenCalledTimes(1);
    expect(checks.fn.mock.calls[0]?.[0].input).toEqual({ commandIds: ['c1'] });
    expect(ended).toEqual([]);
    checks.statuses['c1'] = 'succeeded';
    clock.increment(1500);
    await flush();
    expect(ended).toEqual(['2']);
    expect(actor.getSnapshot().context.ending).toEqual([]);
    expect(actor.getSnapshot().context.items.map((p) => p.id)).not.toContain('2');
    // Nothing is pending any more: no more status checks.
    clock.increment(10_000);
    await flush();
    expect(checks.fn).toHaveBeenCalledTimes(2);
  });

  it('refreshes the table once the agent reports the process ended', async () => {
    const { actor: f, fn } = autoFetch(() => items);
    const checks = commandStatuses({ c1: 'succeeded' });
    const { actor, clock } = start(
      f,
      { intervalMs: 30_000 },
      { endProcess: fromPromise(async () => command('c1', 'sent')), checkCommands: checks.actor },
    );
    await flush();
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    clock.increment(1500);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['refused', null],
    ['failed', 'Operation not permitted'],
    ['notSupported', 'no such process'],
  ] as const)('reports an end the agent answered %s, with its message, and keeps the row', async (status, message) => {
    const checks = commandStatuses({ c1: status });
    checks.messages['c1'] = message;
    const { actor, clock } = start(
      fetch(),
      {},
      { endProcess: fromPromise(async () => command('c1', 'pending')), checkCommands: checks.actor },
    );
    await flush();
    const failures: unknown[] = [];
    actor.on('process.end.failed', (e) => failures.push({ id: e.process.id, reason: e.reason, message: e.message }));
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    clock.increment(1500);
    await flush();
    expect(failures).toEqual([{ id: '1', reason: status, message }]);
    expect(actor.getSnapshot().context.ending).toEqual([]);
    expect(actor.getSnapshot().context.items).toHaveLength(3);
  });

  it('gives up after the timeout when the agent never answers; failed status checks count too', async () => {
    let fail = false;
    const checkCommands = vi.fn(async ({ input }: { input: { commandIds: string[] } }) => {
      if (fail) throw new Error('offline');
      return input.commandIds.map((id) => command(id, 'sent'));
    });
    const { actor, clock } = start(
      fetch(),
      { commandPollMs: 1000, commandTimeoutMs: 5000 },
      { endProcess: fromPromise(async () => command('c1', 'pending')), checkCommands: fromPromise(checkCommands) },
    );
    await flush();
    const failures: string[] = [];
    actor.on('process.end.failed', (e) => failures.push(e.reason));
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    for (let i = 0; i < 4; i += 1) {
      fail = i % 2 === 1;
      clock.increment(1000);
      await flush();
    }
    expect(failures).toEqual([]);
    expect(actor.getSnapshot().context.ending).toHaveLength(1);
    clock.increment(1000);
    await flush();
    expect(failures).toEqual(['timedOut']);
    expect(actor.getSnapshot().context.ending).toEqual([]);
    expect(checkCommands).toHaveBeenCalledTimes(5);
  });

  it('settles an end at once from a command.finished event, without waiting for the next check', async () => {
    const checks = commandStatuses();
    const { actor } = start(fetch(), {}, { endProcess: fromPromise(async () => command('c1', 'pending')), checkCommands: checks.actor });
    await flush();
    const ended: string[] = [];
    actor.on('process.ended', (e) => ended.push(e.process.id));
    actor.send({ type: 'process.end', process: items[2] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    // Another command's result changes nothing.
    actor.send({ type: 'process.command.finished', command: command('c9', 'succeeded') });
    expect(ended).toEqual([]);
    actor.send({ type: 'process.command.finished', command: command('c1', 'succeeded') });
    expect(ended).toEqual(['3']);
    expect(actor.getSnapshot().hasTag('ending')).toBe(false);
    expect(checks.fn).not.toHaveBeenCalled();
  });

  it('tracks several ends at once, each settled by its own result', async () => {
    let n = 0;
    const checks = commandStatuses();
    const { actor, clock } = start(
      fetch(),
      {},
      { endProcess: fromPromise(async () => command(`c${(n += 1)}`, 'pending')), checkCommands: checks.actor },
    );
    await flush();
    const outcomes: string[] = [];
    actor.on('process.ended', (e) => outcomes.push(`ended:${e.process.id}`));
    actor.on('process.end.failed', (e) => outcomes.push(`${e.reason}:${e.process.id}`));
    for (const p of [items[0], items[1]] as UnitProcess[]) {
      actor.send({ type: 'process.end', process: p });
      actor.send({ type: 'process.action.confirm' });
      await flush();
    }
    expect(actor.getSnapshot().context.ending.map((e) => e.commandId)).toEqual(['c1', 'c2']);
    checks.statuses['c2'] = 'refused';
    clock.increment(1500);
    await flush();
    expect(outcomes).toEqual(['refused:2']);
    checks.statuses['c1'] = 'succeeded';
    clock.increment(1500);
    await flush();
    expect(outcomes).toEqual(['refused:2', 'ended:1']);
  });

  it('an answer that is final at once settles without polling', async () => {
    const checks = commandStatuses();
    const { actor } = start(fetch(), {}, { endProcess: fromPromise(async () => command('c1', 'succeeded')), checkCommands: checks.actor });
    await flush();
    const ended: string[] = [];
    actor.on('process.ended', (e) => ended.push(e.process.id));
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(ended).toEqual(['1']);
    expect(actor.getSnapshot().context.ending).toEqual([]);
    expect(checks.fn).not.toHaveBeenCalled();
  });

  it('blocks an executable: every process the rule ended leaves the table', async () => {
    const blockExecutable = vi.fn(async (): Promise<BlockResult> => ({ ruleId: 'r1', endedProcessIds: ['1', '3'] }));
    const { actor } = start(fetch(), {}, { blockExecutable: fromPromise(blockExecutable) });
    await flush();
    const blocked: number[] = [];
    actor.on('process.blocked', (e) => blocked.push(e.endedCount));
    actor.send({ type: 'process.block', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(blockExecutable.mock.calls[0]).toBeDefined();
    expect(blocked).toEqual([2]);
    expect(actor.getSnapshot().context.items.map((p) => p.id)).toEqual(['2']);
  });

  it('reports a failed action and keeps the row', async () => {
    const { actor } = start(fetch(), {}, { endProcess: fromPromise(async () => Promise.reject(new Error('gone'))) });
    await flush();
    const failures: string[] = [];
    actor.on('process.action.failed', (e) => failures.push(`${e.action}:${(e.error as Error).message}`));
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(failures).toEqual(['end:gone']);
    expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.items).toHaveLength(3);
  });

  it('keeps polling while an action is being confirmed', async () => {
    const { actor: f, fn } = autoFetch(() => items);
    const { actor, clock } = start(f);
    await flush();
    actor.send({ type: 'process.end', process: items[0] as UnitProcess });
    clock.increment(5000);
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ action: 'confirmingEnd' })).toBe(true);
  });
});

describe('process table helpers', () => {
  const rows = [
    proc('1', { name: 'b.exe', cpuPercent: 5, memoryMb: 10.25, pid: 30 }),
    proc('2', { name: 'a.exe', cpuPercent: 5, memoryMb: 20, pid: 10, user: 'SYSTEM' }),
    proc('3', { name: 'c.exe', cpuPercent: 1, memoryMb: 30.1, pid: 20 }),
  ];
  it('sorts by any column, ties broken by PID', () => {
    expect(visibleProcesses({ items: rows, search: '', sort: { column: 'cpuPercent', direction: 'desc' } }).map((p) => p.id)).toEqual([
      '2',
      '1',
      '3',
    ]);
    expect(visibleProcesses({ items: rows, search: '', sort: { column: 'name', direction: 'asc' } }).map((p) => p.id)).toEqual([
      '2',
      '1',
      '3',
    ]);
  });
  it('searches name, user and PID', () => {
    expect(visibleProcesses({ items: rows, search: 'system', sort: { column: 'pid', direction: 'asc' } }).map((p) => p.id)).toEqual(['2']);
    expect(visibleProcesses({ items: rows, search: '2', sort: { column: 'pid', direction: 'asc' } }).map((p) => p.id)).toEqual(['3']);
  });
  it('totals CPU and memory', () => {
    expect(processTotals(rows)).toEqual({ cpuPercent: 11, memoryMb: 60.4, count: 3 });
  });
});

describe('process monitor: live events and visibility through its actors (fake stream)', () => {
  const aCommand = (status: Command['status']): Command => ({
    id: 'c1',
    serviceUnitId: 'u1',
    kind: 'endProcess',
    status,
    processId: '1',
    pid: 10,
    captureRequestId: null,
    issuedAt: '2026-01-01T00:00:00.000Z',
    issuedBy: '1',
    finishedAt: null,
    message: null,
  });

  function startLive() {
    const stream = fakeLiveStream(processMonitorLiveEvent);
    const visibility = callbackActor();
    const { actor: fetch, fn } = autoFetch();
    const endProcess = fromPromise<CommandOutcome, { process: UnitProcess }>(async () => ({ id: 'c1', status: 'pending', message: null }));
    const monitor = start(fetch, {}, { liveEvents: stream.logic, visibilityWatch: visibility.logic, endProcess });
    return { ...monitor, stream, visibility, fn };
  }

  it('a change of the shown unit’s processes fetches them now; another unit’s waits for its own turn', async () => {
    const { actor, stream, fn } = startLive();
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    stream.push(stream.event('processes.changed', 'u2', { running: 3 }, 'u2'));
    await flush();
    expect(fn).toHaveBeenCalledTimes(1);
    stream.push(stream.event('processes.changed', 'u1', { running: 3 }, 'u1'));
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ monitor: { watching: { live: 'waiting' } } })).toBe(true);
  });

  it('a finished end command from the stream settles the row at once; another kind of command changes nothing', async () => {
    const { actor, stream } = startLive();
    await flush();
    const ended: string[] = [];
    actor.on('process.ended', (e) => ended.push(e.process.id));
    actor.send({ type: 'process.end', process: proc('1') });
    actor.send({ type: 'process.action.confirm' });
    await flush();
    expect(actor.getSnapshot().context.ending).toHaveLength(1);
    stream.push(stream.event('command.finished', 'c1', { command: { ...aCommand('succeeded'), kind: 'captureScreenshot' } }, 'u1'));
    expect(actor.getSnapshot().context.ending).toHaveLength(1);
    stream.push(stream.event('command.finished', 'c1', { command: aCommand('succeeded') }, 'u1'));
    expect(actor.getSnapshot().context.ending).toHaveLength(0);
    expect(ended).toEqual(['1']);
  });

  it('the browser tab hidden suspends polling, shown again fetches at once', async () => {
    const { actor, visibility, fn } = startLive();
    await flush();
    visibility.emit({ type: 'process.visibility.hidden' });
    expect(actor.getSnapshot().hasTag('suspended')).toBe(true);
    visibility.emit({ type: 'process.visibility.visible' });
    await flush();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
