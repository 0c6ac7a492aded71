import { describe, expect, it } from 'vitest';
import { assign, createActor, raise, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { deferredActor, flush } from '../testing/deferred';
import { shapeOf } from '../testing/graph';
import { applyReportQueryChange, predictionReportMachine, type PredictionReportEmitted } from './prediction-report.machine';
import { DEFAULT_REPORT_QUERY, parseReportQuery, serializeReportQuery, type ReportQuery } from './report-query';
import type { PredictionReport, UnitPrediction, UnitPredictionDetail } from './types';

const unit = (id: string, riskScore: number): UnitPrediction => ({
  serviceUnitId: id,
  unitName: `Unit ${id}`,
  hostname: `u${id}.example`,
  organizationId: '1',
  organizationName: 'Acme',
  riskScore,
  band: riskScore >= 60 ? 'high' : riskScore >= 30 ? 'medium' : 'low',
  predictedDowntimeHours: 1,
  daysUntilDiskFull: null,
  factors: [],
  trend: 0,
  recommendedAction: 'noAction',
  historyDays: 30,
});

const report = (top: UnitPrediction[]): PredictionReport => ({
  generatedAt: '2026-11-20T10:00:00.000Z',
  horizonDays: 7,
  summary: {
    units: top.length,
    low: 0,
    medium: 0,
    high: top.length,
    insufficient: 0,
    averageRisk: 70,
    predictedDowntimeHours: 3,
    diskFullWithinHorizon: 0,
  },
  byOrganization: [],
  top,
  items: top,
  total: top.length,
  page: 1,
  pageSize: 25,
});

const detail = (id: string): UnitPredictionDetail => ({ prediction: unit(id, 80), series: [], contributions: [] });

function start(query?: ReportQuery) {
  const reports = deferredActor<PredictionReport, { query: ReportQuery }>();
  const details = deferredActor<UnitPredictionDetail, { unitId: string }>();
  const exports = deferredActor<UnitPrediction[], { query: ReportQuery }>();
  const organizations = deferredActor<{ id: string; name: string }[]>();
  const actor = createActor(
    predictionReportMachine.provide({
      actors: {
        fetchReport: reports.logic,
        fetchUnitDetail: details.logic,
        exportReport: exports.logic,
        fetchOrganizations: organizations.logic,
      },
    }),
    { input: query ? { query } : undefined },
  );
  const emitted: PredictionReportEmitted[] = [];
  actor.on('report.exported', (e) => emitted.push(e));
  actor.on('report.exportFailed', (e) => emitted.push(e));
  actor.start();
  return { actor, reports, details, exports, organizations, emitted };
}

describe('prediction report query in the URL', () => {
  it('round-trips a query and leaves defaults out', () => {
    const query: ReportQuery = { ...DEFAULT_REPORT_QUERY, organizationId: '2', band: 'high', page: 3, sort: 'name', order: 'asc' };
    const search = serializeReportQuery(query, 'print=1');
    expect(search).toBe('print=1&organizationId=2&band=high&page=3&sort=name&order=asc');
    expect(parseReportQuery(search)).toEqual(query);
    expect(serializeReportQuery(DEFAULT_REPORT_QUERY)).toBe('');
  });

  it('falls back to defaults for hand-edited values', () => {
    expect(parseReportQuery('band=purple&page=-2&pageSize=7&sort=drop&order=up&unitId=<script>')).toEqual(DEFAULT_REPORT_QUERY);
  });

  it('goes back to page 1 on a filter change, not on a page change', () => {
    const on3 = { ...DEFAULT_REPORT_QUERY, page: 3 };
    expect(applyReportQueryChange(on3, { band: 'high' }).page).toBe(1);
    expect(applyReportQueryChange(on3, { page: 4 }).page).toBe(4);
    expect(applyReportQueryChange(on3, { pageSize: 50 }).page).toBe(1);
  });
});

describe('prediction report machine', () => {
  it('loads the report for its query and then the highest-risk unit of the scope', async () => {
    const { actor, reports, details } = start({ ...DEFAULT_REPORT_QUERY, band: 'high' });
    expect(actor.getSnapshot().hasTag('report.loading')).toBe(true);
    expect(reports.last().input.query.band).toBe('high');
    reports.last().resolve(report([unit('7', 90), unit('3', 70)]));
    await flush();
    expect(actor.getSnapshot().matches({ report: 'loaded', detail: 'loading' })).toBe(true);
    expect(details.last().input).toEqual({ unitId: '7' });
    details.last().resolve(detail('7'));
    await flush();
    expect(actor.getSnapshot().context.detail?.prediction.serviceUnitId).toBe('7');
  });

  it('prefers the unit filter, and keeps a chosen unit that is still in scope', async () => {
    const { actor, reports, details } = start({ ...DEFAULT_REPORT_QUERY, unitId: '3' });
    reports.last().resolve(report([unit('7', 90), unit('3', 70)]));
    await flush();
    expect(details.last().input.unitId).toBe('3');
    actor.send({ type: 'report.query.change', query: { unitId: '' } });
    reports.last().resolve(report([unit('7', 90), unit('3', 70)]));
    await flush();
    expect(details.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.selectedUnitId).toBe('3');
  });

  it('drops the answer of a request that a newer query replaced', async () => {
    const { actor, reports } = start();
    const first = reports.last();
    actor.send({ type: 'report.query.change', query: { organizationId: '2' } });
    expect(first.signal.aborted).toBe(true);
    reports.last().resolve(report([unit('9', 95)]));
    first.resolve(report([unit('1', 10)]));
    await flush();
    expect(actor.getSnapshot().context.report?.top[0]?.serviceUnitId).toBe('9');
    expect(actor.getSnapshot().context.query.organizationId).toBe('2');
  });

  it('announces a query the screen changed, for the URL, and not one the URL brought', () => {
    const { actor } = start();
    const announced: ReportQuery[] = [];
    actor.on('report.query.changed', ({ query }) => announced.push(query));
    actor.send({ type: 'report.query.change', query: { band: 'high', page: 3 } });
    actor.send({ type: 'report.query.change', query: { band: 'high', page: 3 } });
    actor.send({ type: 'report.query.sync', query: { ...DEFAULT_REPORT_QUERY, page: 2 } });
    actor.send({ type: 'report.query.change', query: { page: 4 } });
    expect(announced).toEqual([
      { ...DEFAULT_REPORT_QUERY, band: 'high', page: 3 },
      { ...DEFAULT_REPORT_QUERY, page: 4 },
    ]);
  });

  it('ignores a URL sync that brings the query it already has', () => {
    const { actor, reports } = start();
    actor.send({ type: 'report.query.sync', query: DEFAULT_REPORT_QUERY });
    expect(reports.calls).toHaveLength(1);
  });

  it('shows a failed report with its error, and retries', async () => {
    const { actor, reports } = start();
    const error = new Error('down');
    reports.last().reject(error);
    await flush();
    expect(actor.getSnapshot().hasTag('report.failed')).toBe(true);
    expect(actor.getSnapshot().context.reportError).toBe(error);
    actor.send({ type: 'report.retry' });
    expect(reports.calls).toHaveLength(2);
  });

  it('emits the exported rows, or the export failure, and can export again', async () => {
    const { actor, exports, emitted } = start({ ...DEFAULT_REPORT_QUERY, band: 'low' });
    actor.send({ type: 'report.export' });
    expect(actor.getSnapshot().hasTag('export.running')).toBe(true);
    expect(exports.last().input.query.band).toBe('low');
    actor.send({ type: 'report.export' });
    expect(exports.calls).toHaveLength(1);
    exports.last().resolve([unit('1', 10)]);
    await flush();
    actor.send({ type: 'report.export' });
    exports.last().reject(new Error('nope'));
    await flush();
    expect(emitted.map((e) => e.type)).toEqual(['report.exported', 'report.exportFailed']);
    expect(actor.getSnapshot().hasTag('export.running')).toBe(false);
  });
});

/**
 * The report machine's graph without invokes: answers are the events the invokes would deliver
 * (`xstate.done.actor.<id>`), so the model and the machine have the same edges (checked below).
 */
const model = setup({
  types: {
    context: {} as { selected: boolean },
    events: {} as
      | { type: 'report.query.change' }
      | { type: 'report.query.sync' }
      | { type: 'report.retry' }
      | { type: 'report.unit.select' }
      | { type: 'report.detail.retry' }
      | { type: 'report.export' }
      | { type: 'xstate.done.actor.fetchReport' }
      | { type: 'xstate.error.actor.fetchReport' }
      | { type: 'xstate.done.actor.fetchUnitDetail' }
      | { type: 'xstate.error.actor.fetchUnitDetail' }
      | { type: 'xstate.done.actor.exportReport' }
      | { type: 'xstate.error.actor.exportReport' }
      | { type: 'xstate.done.actor.fetchOrganizations' }
      | { type: 'xstate.error.actor.fetchOrganizations' },
  },
}).createMachine({
  id: 'model',
  type: 'parallel',
  context: { selected: false },
  states: {
    report: {
      initial: 'loading',
      on: { 'report.query.change': '.loading', 'report.query.sync': '.loading' },
      states: {
        loading: {
          on: {
            'report.query.change': { target: 'loading', reenter: true },
            'report.query.sync': { target: 'loading', reenter: true },
            // The first report chooses a unit (the machine raises report.unit.select).
            'xstate.done.actor.fetchReport': [
              {
                guard: ({ context }) => !context.selected,
                target: 'loaded',
                actions: [assign({ selected: true }), raise({ type: 'report.unit.select' })],
              },
              { target: 'loaded' },
            ],
            'xstate.error.actor.fetchReport': 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'report.retry': 'loading' } },
      },
    },
    detail: {
      initial: 'idle',
      on: { 'report.unit.select': { target: '.loading', actions: assign({ selected: true }) } },
      states: {
        idle: {},
        loading: {
          on: {
            'report.unit.select': { target: 'loading', reenter: true, actions: assign({ selected: true }) },
            'xstate.done.actor.fetchUnitDetail': 'loaded',
            'xstate.error.actor.fetchUnitDetail': 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'report.detail.retry': 'loading' } },
      },
    },
    organizations: {
      initial: 'loading',
      states: {
        loading: { on: { 'xstate.done.actor.fetchOrganizations': 'loaded', 'xstate.error.actor.fetchOrganizations': 'failed' } },
        loaded: {},
        failed: { on: { 'report.retry': 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'report.export': 'exporting' } },
        exporting: { on: { 'xstate.done.actor.exportReport': 'idle', 'xstate.error.actor.exportReport': 'idle' } },
      },
    },
  },
});

describe('prediction report machine: model-based', () => {
  it('has the same states and edges as its test model', () => {
    expect(shapeOf(model)).toEqual(shapeOf(predictionReportMachine));
  });

  const testModel = createTestModel(model, {
    events: [
      { type: 'report.query.change' },
      { type: 'report.query.sync' },
      { type: 'report.retry' },
      { type: 'report.unit.select' },
      { type: 'report.detail.retry' },
      { type: 'report.export' },
      { type: 'xstate.done.actor.fetchReport' },
      { type: 'xstate.error.actor.fetchReport' },
      { type: 'xstate.done.actor.fetchUnitDetail' },
      { type: 'xstate.error.actor.fetchUnitDetail' },
      { type: 'xstate.done.actor.exportReport' },
      { type: 'xstate.error.actor.exportReport' },
      { type: 'xstate.done.actor.fetchOrganizations' },
      { type: 'xstate.error.actor.fetchOrganizations' },
    ],
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state of the model', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const region of ['report', 'detail', 'organizations', 'export'] as const) {
      const states = Object.keys(model.config.states?.[region]?.states ?? {});
      for (const name of states)
        expect(
          [...reached].some((v) => (JSON.parse(v) as Record<string, string>)[region] === name),
          `${region}.${name}`,
        ).toBe(true);
    }
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const f = start();
    let flip = 0;
    for (const step of path.steps) {
      switch (step.event.type) {
        case 'report.query.change':
          flip += 1;
          f.actor.send({ type: 'report.query.change', query: { band: flip % 2 ? 'high' : '' } });
          break;
        case 'report.query.sync':
          flip += 1;
          f.actor.send({ type: 'report.query.sync', query: { ...DEFAULT_REPORT_QUERY, page: flip + 1 } });
          break;
        case 'report.unit.select':
          f.actor.send({ type: 'report.unit.select', unitId: '7' });
          break;
        case 'report.retry':
        case 'report.detail.retry':
        case 'report.export':
          f.actor.send({ type: step.event.type });
          break;
        case 'xstate.done.actor.fetchReport':
          f.reports.last().resolve(report([unit('7', 90)]));
          break;
        case 'xstate.error.actor.fetchReport':
          f.reports.last().reject(new Error('down'));
          break;
        case 'xstate.done.actor.fetchUnitDetail':
          f.details.last().resolve(detail('7'));
          break;
        case 'xstate.error.actor.fetchUnitDetail':
          f.details.last().reject(new Error('down'));
          break;
        case 'xstate.done.actor.exportReport':
          f.exports.last().resolve([]);
          break;
        case 'xstate.error.actor.exportReport':
          f.exports.last().reject(new Error('down'));
          break;
        case 'xstate.done.actor.fetchOrganizations':
          f.organizations.last().resolve([{ id: '1', name: 'Acme' }]);
          break;
        case 'xstate.error.actor.fetchOrganizations':
          f.organizations.last().reject(new Error('down'));
          break;
        default:
          break;
      }
      await flush();
      expect(f.actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
    }
  });
});
