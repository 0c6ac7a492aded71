import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { userDashboardMachine } from './user-dashboard.machine';
const machine = userDashboardMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'dashboard.retry', card: 'summary' },
    { type: 'dashboard.retry', card: 'recentOffline' },
    { type: 'dashboard.retry', card: 'latestScreenshots' },
    { type: 'xstate.done.actor.fetchSummary', output: { units: 3, online: 2 } },
    { type: 'xstate.error.actor.fetchSummary', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchRecentOffline', output: [] },
    { type: 'xstate.error.actor.fetchRecentOffline', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchLatestScreenshots', output: [] },
    { type: 'xstate.error.actor.fetchLatestScreenshots', error: new Error('offline') },
  ],
  // The three cards are independent regions: their product is explored by state value alone.
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

describe('user-dashboard machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
