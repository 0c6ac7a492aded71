import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { authFormMachine } from './auth-form.machine';

const machine = authFormMachine;

/** A registration the server refuses with a field error, and one it accepts. */
const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'form.submit', values: { email: 'ada@example.com', password: 'long enough' } },
    { type: 'xstate.done.actor.submit', output: { message: 'Account created' } },
    {
      type: 'xstate.error.actor.submit',
      error: Object.assign(new Error('This email is already in use.'), { fieldErrors: { email: 'This email is already in use.' } }),
    },
  ],
};

describe('auth form machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
