import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { createResourceMachine } from './resource.machine';

const machine = createResourceMachine<{ total: number }>('resource');

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'xstate.done.actor.load', output: { total: 3 } },
    { type: 'xstate.error.actor.load', error: new Error('offline') },
  ],
};

describe('resource machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
