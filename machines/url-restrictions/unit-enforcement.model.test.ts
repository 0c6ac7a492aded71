import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { unitEnforcementMachine } from './unit-enforcement.machine';
const machine = unitEnforcementMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { unitId: '33' },
  events: [
    { type: 'enforcement.refresh' },
    { type: 'xstate.done.actor.load', output: { name: 'Kiosk 33' } },
    { type: 'xstate.error.actor.load', error: new Error('offline') },
  ],
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, unit: snapshot.context.unit }),
};

describe('unit-enforcement machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
