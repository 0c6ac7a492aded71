import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { DEFAULT_REPORT_QUERY, sameReportQuery, type ReportQuery } from './report-query';
import type { PredictionReport, UnitPrediction, UnitPredictionDetail } from './types';

/**
 * The prediction report screen (docs/prediction.md). Three independent regions:
 * - `report`: the report for the query (filters, sort, page); a query change restarts the request,
 *   which stops the one in flight, so a slow older answer never replaces a newer one;
 * - `detail`: the chosen unit's actual-against-predicted downtime; the highest-risk unit of the scope
 *   is chosen when nothing is;
 * - `export`: all rows of the filters for the CSV, emitted as `report.exported` for the view to save.
 * The URL mirrors `context.query`: `report.query.sync` in, `report.query.changed` out (a change the screen made,
 * never one the URL brought), so the view writes the URL from the announcement and no effect watches the query.
 */

export interface OrganizationOption {
  id: string;
  name: string;
}

export interface PredictionReportContext {
  query: ReportQuery;
  /** the organizations to filter by (empty until loaded; the filter then offers none) */
  organizations: OrganizationOption[];
  report: PredictionReport | null;
  reportError: unknown;
  selectedUnitId: string | null;
  detail: UnitPredictionDetail | null;
  detailError: unknown;
}

export type PredictionReportEvent =
  /** A filter, sort or page change; a filter or sort change goes back to page 1. */
  | { type: 'report.query.change'; query: Partial<ReportQuery> }
  /** The URL changed (Back, a pasted link): adopt its query as is. */
  | { type: 'report.query.sync'; query: ReportQuery }
  | { type: 'report.retry' }
  | { type: 'report.unit.select'; unitId: string }
  | { type: 'report.detail.retry' }
  | { type: 'report.export' };

export type PredictionReportEmitted =
  | { type: 'report.exported'; items: UnitPrediction[] }
  | { type: 'report.exportFailed'; error: unknown }
  /** The screen changed the query: the URL takes it (a history entry, so Back undoes it). */
  | { type: 'report.query.changed'; query: ReportQuery };

/** The next query: any change other than the page itself starts again at page 1. */
export function applyReportQueryChange(current: ReportQuery, change: Partial<ReportQuery>): ReportQuery {
  const next = { ...current, ...change };
  const resetsPage = (Object.keys(change) as (keyof ReportQuery)[]).some((key) => key !== 'page' && change[key] !== current[key]);
  if (resetsPage && change.page === undefined) next.page = 1;
  if (change.pageSize !== undefined && change.pageSize !== current.pageSize) next.page = 1;
  return next;
}

export const predictionReportMachine = setup({
  types: {} as {
    context: PredictionReportContext;
    events: PredictionReportEvent;
    input: { query?: ReportQuery } | undefined;
    emitted: PredictionReportEmitted;
  },
  actors: {
    fetchReport: fromPromise<PredictionReport, { query: ReportQuery }>(async () => {
      throw new Error('fetchReport not provided');
    }),
    fetchUnitDetail: fromPromise<UnitPredictionDetail, { unitId: string }>(async () => {
      throw new Error('fetchUnitDetail not provided');
    }),
    exportReport: fromPromise<UnitPrediction[], { query: ReportQuery }>(async () => {
      throw new Error('exportReport not provided');
    }),
    fetchOrganizations: fromPromise<OrganizationOption[]>(async () => {
      throw new Error('fetchOrganizations not provided');
    }),
  },
  guards: {
    isQueryChange: ({ context, event }) =>
      event.type === 'report.query.change' && !sameReportQuery(context.query, applyReportQueryChange(context.query, event.query)),
    isNewUrlQuery: ({ context, event }) => event.type === 'report.query.sync' && !sameReportQuery(context.query, event.query),
    hasSelectedUnit: ({ context }) => context.selectedUnitId !== null,
  },
  actions: {
    applyQueryChange: assign(({ context, event }) => ({
      query: event.type === 'report.query.change' ? applyReportQueryChange(context.query, event.query) : context.query,
    })),
    emitQueryChanged: emit(({ context }) => ({ type: 'report.query.changed' as const, query: context.query })),
    adoptQuery: assign(({ context, event }) => ({ query: event.type === 'report.query.sync' ? event.query : context.query })),
    assignReport: assign((_, params: { report: PredictionReport }) => ({ report: params.report, reportError: null })),
    assignReportError: assign((_, params: { error: unknown }) => ({ reportError: params.error })),
    assignOrganizations: assign((_, params: { organizations: OrganizationOption[] }) => ({ organizations: params.organizations })),
    assignDetail: assign((_, params: { detail: UnitPredictionDetail }) => ({ detail: params.detail, detailError: null })),
    assignDetailError: assign((_, params: { error: unknown }) => ({ detailError: params.error })),
    selectUnit: assign(({ context, event }) => ({
      selectedUnitId: event.type === 'report.unit.select' ? event.unitId : context.selectedUnitId,
    })),
    /** The unit filter wins; else the current choice if still in scope; else the scope's highest risk. */
    chooseDefaultUnit: enqueueActions(({ context, enqueue }, params: { report: PredictionReport }) => {
      const inScope = (id: string | null) =>
        id !== null && (params.report.top.some((u) => u.serviceUnitId === id) || params.report.items.some((u) => u.serviceUnitId === id));
      const wanted =
        context.query.unitId ||
        (inScope(context.selectedUnitId) ? context.selectedUnitId : null) ||
        params.report.top[0]?.serviceUnitId ||
        params.report.items[0]?.serviceUnitId ||
        null;
      if (wanted !== null && wanted !== context.selectedUnitId) enqueue.raise({ type: 'report.unit.select', unitId: wanted });
    }),
    emitExported: emit((_, params: { items: UnitPrediction[] }) => ({ type: 'report.exported' as const, items: params.items })),
    emitExportFailed: emit((_, params: { error: unknown }) => ({ type: 'report.exportFailed' as const, error: params.error })),
  },
}).createMachine({
  id: 'predictionReport',
  type: 'parallel',
  context: ({ input }) => ({
    query: input?.query ?? DEFAULT_REPORT_QUERY,
    organizations: [],
    report: null,
    reportError: null,
    selectedUnitId: null,
    detail: null,
    detailError: null,
  }),
  states: {
    report: {
      initial: 'loading',
      // Handled on the region (internal: the other regions stay as they are) and again in `loading`,
      // where re-entering restarts the request. A re-entering transition on the region itself would
      // re-enter the whole parallel machine.
      on: {
        'report.query.change': { guard: 'isQueryChange', target: '.loading', actions: ['applyQueryChange', 'emitQueryChanged'] },
        'report.query.sync': { guard: 'isNewUrlQuery', target: '.loading', actions: 'adoptQuery' },
      },
      states: {
        loading: {
          tags: ['report.loading'],
          on: {
            'report.query.change': {
              guard: 'isQueryChange',
              target: 'loading',
              reenter: true,
              actions: ['applyQueryChange', 'emitQueryChanged'],
            },
            'report.query.sync': { guard: 'isNewUrlQuery', target: 'loading', reenter: true, actions: 'adoptQuery' },
          },
          invoke: {
            id: 'fetchReport',
            src: 'fetchReport',
            input: ({ context }) => ({ query: context.query }),
            onDone: {
              target: 'loaded',
              actions: [
                { type: 'assignReport', params: ({ event }) => ({ report: event.output }) },
                { type: 'chooseDefaultUnit', params: ({ event }) => ({ report: event.output }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'assignReportError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {},
        failed: {
          tags: ['report.failed'],
          on: { 'report.retry': 'loading' },
        },
      },
    },
    detail: {
      initial: 'idle',
      on: { 'report.unit.select': { target: '.loading', actions: 'selectUnit' } },
      states: {
        idle: {},
        loading: {
          tags: ['detail.loading'],
          on: { 'report.unit.select': { target: 'loading', reenter: true, actions: 'selectUnit' } },
          invoke: {
            id: 'fetchUnitDetail',
            src: 'fetchUnitDetail',
            input: ({ context }) => ({ unitId: context.selectedUnitId ?? '' }),
            onDone: { target: 'loaded', actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignDetailError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {},
        failed: {
          tags: ['detail.failed'],
          on: { 'report.detail.retry': { guard: 'hasSelectedUnit', target: 'loading' } },
        },
      },
    },
    // The organization filter's options; without them the report still works (the filter is hidden).
    organizations: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchOrganizations',
            src: 'fetchOrganizations',
            onDone: {
              target: 'loaded',
              actions: { type: 'assignOrganizations', params: ({ event }) => ({ organizations: event.output }) },
            },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'report.retry': 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'report.export': 'exporting' } },
        exporting: {
          tags: ['export.running'],
          invoke: {
            id: 'exportReport',
            src: 'exportReport',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'idle', actions: { type: 'emitExported', params: ({ event }) => ({ items: event.output }) } },
            onError: { target: 'idle', actions: { type: 'emitExportFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

// Named selectors for the view.
type Snapshot = { context: PredictionReportContext; hasTag(tag: string): boolean };
export const selectReport = (s: Snapshot) => s.context.report;
export const selectQuery = (s: Snapshot) => s.context.query;
export const selectOrganizations = (s: Snapshot) => s.context.organizations;
export const selectReportLoading = (s: Snapshot) => s.hasTag('report.loading');
export const selectReportFailed = (s: Snapshot) => s.hasTag('report.failed');
export const selectReportError = (s: Snapshot) => s.context.reportError;
export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectSelectedUnitId = (s: Snapshot) => s.context.selectedUnitId;
export const selectDetailLoading = (s: Snapshot) => s.hasTag('detail.loading');
export const selectDetailFailed = (s: Snapshot) => s.hasTag('detail.failed');
export const selectExporting = (s: Snapshot) => s.hasTag('export.running');
