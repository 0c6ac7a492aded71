import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { silentRenewalMachine } from './identity.machine';
const machine = silentRenewalMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { expiresAt: 120_000, now: 0, leadMs: 60_000 },
  events: [
    { type: 'xstate.done.actor.renewSilently', output: { accessToken: 'renewed', expiresAt: 240_000, renewedAt: 120_000 } },
    { type: 'xstate.error.actor.renewSilently', error: new Error('login_required') },
  ],
};

describe('silent-renewal machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
