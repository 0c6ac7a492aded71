import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { processMonitorMachine, type PendingEnd } from './process-monitor.machine';
const machine = processMonitorMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  // Two status checks before an end command is given up: the walk reaches the timeout in a few steps.
  input: { unitId: 'u1', intervalMs: 5_000, maxAutoRetries: 1, commandPollMs: 1000, commandTimeoutMs: 2000 },
  events: [
    {
      type: 'xstate.done.actor.fetchProcesses',
      output: {
        unitId: 'u1',
        items: [
          { pid: 42, name: 'nginx', user: 'root', cpuPercent: 1, memoryMb: 100, startedAt: '2026-01-01T00:00:00.000Z', state: 'running' },
        ],
        sampledAt: '2026-01-01T00:00:00.000Z',
      },
    },
    { type: 'xstate.done.actor.fetchProcesses', output: { unitId: 'u2', items: [], sampledAt: '2026-01-01T00:00:00.000Z' } },
    { type: 'xstate.error.actor.fetchProcesses', error: new Error('offline') },
    { type: 'xstate.done.actor.endProcess', output: { id: 'c1', status: 'pending', message: null } },
    { type: 'xstate.done.actor.endProcess', output: { id: 'c1', status: 'succeeded', message: null } },
    { type: 'xstate.done.actor.checkCommands', output: [{ id: 'c1', status: 'sent', message: null }] },
    { type: 'xstate.done.actor.checkCommands', output: [{ id: 'c1', status: 'succeeded', message: null }] },
    { type: 'xstate.done.actor.checkCommands', output: [{ id: 'c1', status: 'refused', message: null }] },
    { type: 'xstate.error.actor.checkCommands', error: new Error('offline') },
    { type: 'process.command.finished', command: { id: 'c1', status: 'failed', message: 'denied' } },
    { type: 'process.live.changed', unitId: 'u1' },
    { type: 'process.live.changed', unitId: 'u2' },
    { type: 'xstate.error.actor.endProcess', error: new Error('refused') },
    { type: 'xstate.done.actor.blockExecutable', output: { endedProcessIds: [42] } },
    { type: 'xstate.error.actor.blockExecutable', error: new Error('refused') },
    {
      type: 'process.end',
      process: {
        pid: 42,
        name: 'nginx',
        user: 'root',
        cpuPercent: 1,
        memoryMb: 100,
        startedAt: '2026-01-01T00:00:00.000Z',
        state: 'running',
      },
    },
    {
      type: 'process.block',
      process: {
        pid: 42,
        name: 'nginx',
        user: 'root',
        cpuPercent: 1,
        memoryMb: 100,
        startedAt: '2026-01-01T00:00:00.000Z',
        state: 'running',
      },
    },
    { type: 'process.interval.change', intervalMs: 10_000 },
    { type: 'process.interval.change', intervalMs: -1 },
    { type: 'process.unit.select', unitId: 'u2' },
    { type: 'process.unit.select', unitId: null },
    { type: 'process.search', search: 'ngi' },
    { type: 'process.sort', sort: { column: 'pid', direction: 'asc' } },
    { type: 'process.view.change', view: 'table' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      unit: snapshot.context.unitId,
      interval: snapshot.context.intervalMs,
      hidden: snapshot.context.documentHidden,
      failures: Math.min(snapshot.context.failures, 3),
      n: snapshot.context.items.length,
      target: snapshot.context.target !== null,
      ending: snapshot.context.ending.map((e: PendingEnd) => `${e.process.pid}:${e.checks}`),
    }),
};

describe('process-monitor machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  // Where the monitor starts depends on its input: no unit chosen yet, or paused before leaving.
  it.each([{ unitId: null }, { unitId: 'u1', paused: true }])('starts from input %j', async (input) => {
    // The end commands' region is walked from the first input; here it would only multiply the states.
    const events = (Array.isArray(walk.events) ? walk.events : []).filter(
      (e: AnyEventObject) => !(e.type === 'xstate.done.actor.endProcess' && e['output']?.status === 'pending'),
    );
    const started = { ...walk, input, events };
    for (const path of planWalk(started)) await runPath(started, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
