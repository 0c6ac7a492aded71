import { enqueueActions, sendTo, setup } from 'xstate';
import { createResourceMachine } from '../resource/resource.machine';
import type { AdminDashboardSummary, OnlineTrendPoint, RecentSignIn, TopRiskUnit } from './admin-dashboard.types';

/**
 * The admin dashboard: four cards, each its own resource actor (machines/resource), invoked together
 * so one slow or failed card never holds up the others. Retry goes to one card; refresh to all.
 */

export const summaryCardMachine = createResourceMachine<AdminDashboardSummary>('adminSummaryCard');
export const trendCardMachine = createResourceMachine<OnlineTrendPoint[]>('adminTrendCard');
export const topRiskCardMachine = createResourceMachine<TopRiskUnit[]>('adminTopRiskCard');
export const signInsCardMachine = createResourceMachine<RecentSignIn[]>('adminSignInsCard');

export const ADMIN_CARDS = ['summary', 'trend', 'topRisk', 'signIns'] as const;
export type AdminCard = (typeof ADMIN_CARDS)[number];

export type AdminDashboardEvent = { type: 'adminDashboard.refresh' } | { type: 'adminDashboard.retry'; card: AdminCard };

export const adminDashboardMachine = setup({
  types: {} as {
    events: AdminDashboardEvent;
    children: { summary: 'summaryCard'; trend: 'trendCard'; topRisk: 'topRiskCard'; signIns: 'signInsCard' };
  },
  actors: {
    summaryCard: summaryCardMachine,
    trendCard: trendCardMachine,
    topRiskCard: topRiskCardMachine,
    signInsCard: signInsCardMachine,
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
    { id: 'summary', src: 'summaryCard' },
    { id: 'trend', src: 'trendCard' },
    { id: 'topRisk', src: 'topRiskCard' },
    { id: 'signIns', src: 'signInsCard' },
  ],
  on: {
    'adminDashboard.refresh': { actions: 'reloadAll' },
    'adminDashboard.retry': { actions: { type: 'retryCard', params: ({ event }) => ({ card: event.card }) } },
  },
});
