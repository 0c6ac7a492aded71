import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { unitDetailMachine } from './unit-detail.machine';
const machine = unitDetailMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'detail.open', id: 'u1' },
    { type: 'detail.open', id: 'u2' },
    { type: 'detail.updated', unit: { id: 'u1', name: 'Renamed' } },
    { type: 'xstate.done.actor.loadUnit', output: { id: 'u1', name: 'Unit 1', agent: null } },
    { type: 'xstate.done.actor.loadUnit', output: { id: 'u1', name: 'Unit 1', agent: { kind: 'enrolled', revokedAt: null } } },
    { type: 'xstate.done.actor.revokeAgent', output: { id: 'u1', name: 'Unit 1', agent: { kind: 'enrolled', revokedAt: 'now' } } },
    { type: 'xstate.error.actor.revokeAgent', error: Object.assign(new Error('No active agent'), { status: 409 }) },
    { type: 'xstate.error.actor.loadUnit', error: Object.assign(new Error('Not found'), { status: 404 }) },
    { type: 'xstate.error.actor.loadUnit', error: Object.assign(new Error('Server error'), { status: 500 }) },
  ],
};

describe('unit-detail machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
