import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { adminDashboardMachine } from './admin-dashboard.machine';
const machine = adminDashboardMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [{ type: 'adminDashboard.retry', card: 'summary' }],
};

describe('admin-dashboard machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
