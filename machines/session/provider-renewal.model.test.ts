import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { providerRenewalMachine } from './provider-renewal.machine';
const machine = providerRenewalMachine;

const TOKEN = { accessToken: 'new', tokenExpiry: 20_000, idTokenExpiry: 3_600_000 };

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { accessToken: 'old' },
  events: [
    { type: 'xstate.done.actor.readStored', output: { renewedElsewhere: TOKEN, hasRefreshToken: true } },
    { type: 'xstate.done.actor.readStored', output: { renewedElsewhere: null, hasRefreshToken: true } },
    { type: 'xstate.done.actor.readStored', output: { renewedElsewhere: null, hasRefreshToken: false } },
    { type: 'xstate.error.actor.readStored', error: new Error('storage unavailable') },
    { type: 'xstate.done.actor.useRefreshToken', output: TOKEN },
    { type: 'xstate.error.actor.useRefreshToken', error: Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' }) },
    { type: 'xstate.done.actor.renewInFrame', output: TOKEN },
    {
      type: 'xstate.error.actor.renewInFrame',
      error: Object.assign(new Error('End-User authentication is required'), { error: 'login_required' }),
    },
  ],
};

describe('provider-renewal machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
