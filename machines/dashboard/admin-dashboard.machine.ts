import { enqueueActions, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import type { LiveEvent } from '../domain/types';
import { createResourceMachine } from '../resource/resource.machine';
import { staleReloadRegion } from '../shared/stale-reload-region';
import { UNIT_FIGURE_EVENTS } from './user-dashboard.machine';
import type { AdminDashboardSummary, OnlineTrendPoint, RecentSignIn, TopRiskUnit } from './admin-dashboard.types';

/**
 * The admin dashboard: four cards, each its own resource actor (machines/resource), invoked together
 * so one slow or failed card never holds up the others. Retry goes to one card; refresh to all.
 * Live events (docs/live.md): the invoked `liveEvents` actor (provided by the app; by default none) sends
 * `adminDashboard.live.stale` when units change; after `liveDebounce` (1 s) of quiet every card reloads once,
 * keeping its data shown until the new answer (machines/resource).
 */

export const summaryCardMachine = createResourceMachine<AdminDashboardSummary>('adminSummaryCard');
export const trendCardMachine = createResourceMachine<OnlineTrendPoint[]>('adminTrendCard');
export const topRiskCardMachine = createResourceMachine<TopRiskUnit[]>('adminTopRiskCard');
export const signInsCardMachine = createResourceMachine<RecentSignIn[]>('adminSignInsCard');

export const ADMIN_CARDS = ['summary', 'trend', 'topRisk', 'signIns'] as const;
export type AdminCard = (typeof ADMIN_CARDS)[number];

export type AdminDashboardEvent =
  | { type: 'adminDashboard.refresh' }
  | { type: 'adminDashboard.retry'; card: AdminCard }
  /** From the `liveEvents` actor: the figures may be out of date. */
  | { type: 'adminDashboard.live.stale' };

/** What the admin dashboard takes of the live events (docs/live.md), for the app's `liveEvents` actor: its unit figures may be out of date. */
export function adminDashboardEvent(event: LiveEvent): AdminDashboardEvent | null {
  return UNIT_FIGURE_EVENTS.includes(event.type) ? { type: 'adminDashboard.live.stale' } : null;
}

export const adminDashboardMachine = setup({
  types: {} as {
    events: AdminDashboardEvent;
    children: { summary: 'summaryCard'; trend: 'trendCard'; topRisk: 'topRiskCard'; signIns: 'signInsCard'; liveEvents: 'liveEvents' };
  },
  actors: {
    // A dashboard without live updates listens to nothing.
    liveEvents: fromCallback<EventObject>(() => undefined),
    summaryCard: summaryCardMachine,
    trendCard: trendCardMachine,
    topRiskCard: topRiskCardMachine,
    signInsCard: signInsCardMachine,
  },
  delays: {
    /** Quiet time before a live reload (a burst of unit events is one reload); tests may provide another. */
    liveDebounce: 1000,
  },
  actions: {
    reloadAll: enqueueActions(({ enqueue }) => {
      for (const card of ADMIN_CARDS) enqueue.sendTo(card, { type: 'resource.reload' });
    }),
    retryCard: sendTo((_, params: { card: AdminCard }) => params.card, { type: 'resource.retry' }),
  },
}).createMachine({
  id: 'adminDashboard',
  invoke: [
    { id: 'liveEvents', src: 'liveEvents' },
    { id: 'summary', src: 'summaryCard' },
    { id: 'trend', src: 'trendCard' },
    { id: 'topRisk', src: 'topRiskCard' },
    { id: 'signIns', src: 'signInsCard' },
  ],
  on: {
    'adminDashboard.refresh': { actions: 'reloadAll' },
    'adminDashboard.retry': { actions: { type: 'retryCard', params: ({ event }) => ({ card: event.card }) } },
  },
  /** Live staleness: each `adminDashboard.live.stale` restarts the wait; the quiet end reloads every card once. */
  ...staleReloadRegion({ stale: 'adminDashboard.live.stale', reload: 'reloadAll' }),
});
