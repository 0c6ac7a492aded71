import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { jobMachine } from './job.machine';
const machine = jobMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'job.start', input: { format: 'csv' } },
    { type: 'xstate.done.actor.job', output: { rows: 3 } },
    { type: 'xstate.error.actor.job', error: new Error('export failed') },
  ],
};

describe('job machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
