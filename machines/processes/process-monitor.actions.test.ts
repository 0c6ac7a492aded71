import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Command, UnitProcess } from '../domain/types';
import { callbackActor } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import { processMonitorLiveEvent, processTotals, visibleProcesses, type BlockResult, type CommandOutcome } from './process-monitor.machine';
import { proc, flush, autoFetchWith, start } from './process-monitor.test-support';

const autoFetch = (items?: (n: number) => UnitProcess[]) => autoFetchWith((fetch) => vi.fn(fetch), items);

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
