import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { predictionReportMachine } from './prediction-report.machine';
const machine = predictionReportMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    { type: 'report.query.change', query: { page: 2 } },
    { type: 'report.query.sync', query: { page: 3 } },
    { type: 'report.unit.select', unitId: 'u1' },
    { type: 'xstate.done.actor.fetchReport', output: { top: [], items: [], byOrganization: [], total: 0, page: 1, pageSize: 25 } },
    { type: 'xstate.error.actor.fetchReport', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchUnitDetail', output: { unitId: 'u1' } },
    { type: 'xstate.error.actor.fetchUnitDetail', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchOrganizations', output: [] },
    { type: 'xstate.error.actor.fetchOrganizations', error: new Error('offline') },
    { type: 'xstate.done.actor.exportReport', output: null },
    { type: 'xstate.error.actor.exportReport', error: new Error('offline') },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      page: snapshot.context.query.page,
      unit: snapshot.context.selectedUnitId,
      report: snapshot.context.report !== null,
    }),
};

describe('prediction-report machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
