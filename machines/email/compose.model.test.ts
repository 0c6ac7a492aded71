import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { composeMachine } from './compose.machine';
const machine = composeMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { fields: { to: 'ada@example.com' } },
  events: [
    { type: 'compose.change', field: 'to', value: '' },
    { type: 'compose.change', field: 'cc', value: 'not an address' },
    { type: 'compose.change', field: 'subject', value: 'Hello' },
    { type: 'compose.change', field: 'message', value: 'Body' },
    { type: 'xstate.done.actor.submitEmail', output: { id: 9 } },
    { type: 'xstate.error.actor.submitEmail', error: new Error('offline') },
  ],
};

describe('compose machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
