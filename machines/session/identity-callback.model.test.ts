import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { identityCallbackMachine } from './identity-callback.machine';
const machine = identityCallbackMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { url: 'https://app.example/callback?code=1&state=2', now: 1_000 },
  events: [
    { type: 'xstate.done.actor.completeSignIn', output: { session: { idTokenExpiry: 5_000 }, returnTo: '/units' } },
    { type: 'xstate.done.actor.completeSignIn', output: { session: { idTokenExpiry: 500 }, returnTo: '/units' } },
    { type: 'xstate.error.actor.completeSignIn', error: new Error('No matching state found in storage') },
    { type: 'xstate.error.actor.completeSignIn', error: { error: 'access_denied' } },
    // What the session machine made of the hand-over (the `watchSession` actor reports it).
    { type: 'callback.session.confirmed', defaultRoleId: 2 },
    { type: 'callback.session.unconfirmed', defaultRoleId: 4 },
    { type: 'callback.session.ended', error: 'Invalid access token' },
  ],
  actions: { logError: () => {}, forgetPendingRequests: () => {}, leave: () => {}, handOver: () => {}, reportFailure: () => {} },
};

describe('identity-callback machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
