import { assign, fromCallback, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import type { LiveEvent } from '../domain/types';
import { loadRegion } from '../shared/load-region';
import { staleReloadRegion } from '../shared/stale-reload-region';

/**
 * The user dashboard: three independent requests started together (a parallel state, one region
 * each). Each region has its own loading / loaded / failed with retry, so one slow or failed card
 * never holds up the others.
 *
 * Live events (docs/live.md): the invoked `liveEvents` actor (provided by the app; by default none) sends
 * `dashboard.live.stale` when units change; after `liveDebounce` (1 s) of quiet the cards reload once. A reload
 * keeps the figures it has (context) until the new answer arrives; the cards' lists are null until first loaded.
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
  /** null until the first answer: a reload keeps the list shown. */
  recentOffline: OfflineUnit[] | null;
  latestScreenshots: LatestScreenshot[] | null;
  errors: Record<DashboardCard, unknown>;
}

export type DashboardEvent =
  | { type: 'dashboard.retry'; card: DashboardCard }
  | { type: 'dashboard.refresh' }
  /** From the `liveEvents` actor: the figures may be out of date. */
  | { type: 'dashboard.live.stale' };

/** The unit events that move the dashboards' figures (counts by status, recently offline). */
export const UNIT_FIGURE_EVENTS: readonly LiveEvent['type'][] = ['unit.online', 'unit.offline', 'unit.created', 'unit.deleted'];

/** What the user dashboard takes of the live events (docs/live.md), for the app's `liveEvents` actor: its figures may be out of date. */
export function userDashboardEvent(event: LiveEvent): DashboardEvent | null {
  return UNIT_FIGURE_EVENTS.includes(event.type) ? { type: 'dashboard.live.stale' } : null;
}

const noErrors = (): Record<DashboardCard, unknown> => ({ summary: null, recentOffline: null, latestScreenshots: null });

export const userDashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent },
  actors: {
    // A dashboard without live updates listens to nothing.
    liveEvents: fromCallback<EventObject>(() => undefined),
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
  delays: {
    /** Quiet time before a live reload (a burst of unit events is one reload); tests may provide another. */
    liveDebounce: 1000,
  },
  guards: {
    isCard: ({ event }, params: { card: DashboardCard }) => event.type === 'dashboard.retry' && event.card === params.card,
  },
  actions: {
    assignSummary: assign(({ context }, { output }: { output: DashboardSummary }) => ({
      summary: output,
      errors: { ...context.errors, summary: null },
    })),
    assignRecentOffline: assign(({ context }, { output }: { output: OfflineUnit[] }) => ({
      recentOffline: output,
      errors: { ...context.errors, recentOffline: null },
    })),
    assignLatestScreenshots: assign(({ context }, { output }: { output: LatestScreenshot[] }) => ({
      latestScreenshots: output,
      errors: { ...context.errors, latestScreenshots: null },
    })),
    assignError: assign(({ context }, { card, error }: { card: DashboardCard; error: unknown }) => ({
      errors: { ...context.errors, [card]: error },
    })),
  },
}).createMachine({
  id: 'userDashboard',
  type: 'parallel',
  context: { summary: null, recentOffline: null, latestScreenshots: null, errors: noErrors() },
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  states: {
    /** Live staleness: each `dashboard.live.stale` restarts the wait; the quiet end reloads every card once. */
    live: staleReloadRegion({ stale: 'dashboard.live.stale', reload: raise({ type: 'dashboard.refresh' }) }),
    summary: {
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      ...loadRegion({
        src: 'fetchSummary',
        onDone: { type: 'assignSummary', params: ({ event }: { event: DoneActorEvent<DashboardSummary> }) => ({ output: event.output }) },
        onError: {
          type: 'assignError',
          params: ({ event }: { event: ErrorActorEvent }) => ({ card: 'summary' as const, error: event.error }),
        },
        retry: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'summary' } }, target: 'loading' } },
        tags: { loading: ['summary.loading'], failed: ['summary.failed'] },
      }),
    },
    recentOffline: {
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      ...loadRegion({
        src: 'fetchRecentOffline',
        onDone: {
          type: 'assignRecentOffline',
          params: ({ event }: { event: DoneActorEvent<OfflineUnit[]> }) => ({ output: event.output }),
        },
        onError: {
          type: 'assignError',
          params: ({ event }: { event: ErrorActorEvent }) => ({ card: 'recentOffline' as const, error: event.error }),
        },
        retry: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'recentOffline' } }, target: 'loading' } },
        tags: { loading: ['recentOffline.loading'], failed: ['recentOffline.failed'] },
      }),
    },
    latestScreenshots: {
      on: { 'dashboard.refresh': { target: '.loading', reenter: true } },
      ...loadRegion({
        src: 'fetchLatestScreenshots',
        onDone: {
          type: 'assignLatestScreenshots',
          params: ({ event }: { event: DoneActorEvent<LatestScreenshot[]> }) => ({ output: event.output }),
        },
        onError: {
          type: 'assignError',
          params: ({ event }: { event: ErrorActorEvent }) => ({ card: 'latestScreenshots' as const, error: event.error }),
        },
        retry: { 'dashboard.retry': { guard: { type: 'isCard', params: { card: 'latestScreenshots' } }, target: 'loading' } },
        tags: { loading: ['latestScreenshots.loading'], failed: ['latestScreenshots.failed'] },
      }),
    },
  },
});
