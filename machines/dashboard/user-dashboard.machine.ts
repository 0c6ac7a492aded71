import { assign, fromPromise, setup } from 'xstate';

/**
 * The user dashboard: three independent requests started together (a parallel state, one region
 * each). Each region has its own loading / loaded / failed with retry, so one slow or failed card
 * never holds up the others.
 */

export interface DashboardSummary {
  units: { online: number; offline: number; maintenance: number; total: number };
  processesBlockedToday: number;
  screenshotsToday: number;
  activeUrlRules: number;
}

export interface OfflineUnit {
  id: string;
  name: string;
  hostname: string;
  operatingSystem: string;
  location: string;
  lastSeenAt: string;
}

export interface LatestScreenshot {
  id: string;
  serviceUnitId: string;
  unitName: string;
  capturedAt: string;
  width: number;
  height: number;
  activeWindowTitle: string;
  processName: string;
  flagged: boolean;
  note: string;
}

export type DashboardCard = 'summary' | 'recentOffline' | 'latestScreenshots';

export interface DashboardContext {
  summary: DashboardSummary | null;
  recentOffline: OfflineUnit[];
  latestScreenshots: LatestScreenshot[];
  errors: Record<DashboardCard, unknown>;
}

export type DashboardEvent = { type: 'dashboard.retry'; card: DashboardCard } | { type: 'dashboard.refresh' };

const noErrors = (): Record<DashboardCard, unknown> => ({ summary: null, recentOffline: null, latestScreenshots: null });

const errorOf = (event: unknown) => (event as { error: unknown }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export const userDashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent },
  actors: {
    fetchSummary: fromPromise<DashboardSummary>(async () => {
      throw new Error('fetchSummary not provided');
    }),
    fetchRecentOffline: fromPromise<OfflineUnit[]>(async () => {
      throw new Error('fetchRecentOffline not provided');
    }),
    fetchLatestScreenshots: fromPromise<LatestScreenshot[]>(async () => {
      throw new Error('fetchLatestScreenshots not provided');
    }),
  },
  guards: {
    isCard: ({ event }, params: { card: DashboardCard }) => event.type === 'dashboard.retry' && event.card === params.card,
  },
  actions: {
    assignSummary: assign(({ context, event }) => ({ summary: outputOf<DashboardSummary>(event), errors: { ...context.errors, summary: null } })),
    assignRecentOffline: assign(({ context, event }) => ({
      recentOffline: outputOf<OfflineUnit[]>(event),
      errors: { ...context.errors, recentOffline: null },
    })),
    assignLatestScreenshots: assign(({ context, event }) => ({
      latestScreenshots: outputOf<LatestScreenshot[]>(event),
      errors: { ...context.errors, latestScreenshots: null },
    })),
    assignError: assign(({ context, event }, params: { card: DashboardCard }) => ({
      errors: { ...context.errors, [params.card]: errorOf(event) },
    })),
  },
}).createMachine({
  id: 'userDashboard',
  type: 'parallel',
  context: { summary: null, recentOffline: [], latestScreenshots: [], errors: noErrors() },
  states: {
    summary: {
      initial: 'loading',
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['summary.loading'],
          invoke: {
            id: 'fetchSummary',
            src: 'fetchSummary',
            onDone: { target: 'loaded', actions: 'assignSummary' },
            onError: { target: 'failed', actions: { type: 'assignError', params: { card: 'summary' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['summary.failed'],
          on: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'summary' } }, target: 'loading' } },
        },
      },
    },
    recentOffline: {
      initial: 'loading',
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['recentOffline.loading'],
          invoke: {
            id: 'fetchRecentOffline',
            src: 'fetchRecentOffline',
            onDone: { target: 'loaded', actions: 'assignRecentOffline' },
            onError: { target: 'failed', actions: { type: 'assignError', params: { card: 'recentOffline' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['recentOffline.failed'],
          on: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'recentOffline' } }, target: 'loading' } },
        },
      },
    },
    latestScreenshots: {
      initial: 'loading',
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['latestScreenshots.loading'],
          invoke: {
            id: 'fetchLatestScreenshots',
            src: 'fetchLatestScreenshots',
            onDone: { target: 'loaded', actions: 'assignLatestScreenshots' },
            onError: { target: 'failed', actions: { type: 'assignError', params: { card: 'latestScreenshots' } } },
          },
        },
        loaded: {},
        failed: {
          tags: ['latestScreenshots.failed'],
          on: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'latestScreenshots' } }, target: 'loading' } },
        },
      },
    },
  },
});
