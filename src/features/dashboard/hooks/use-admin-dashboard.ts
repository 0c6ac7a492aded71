import { useDeferredValue } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import {
  adminDashboardEvent,
  adminDashboardMachine,
  signInsCardMachine,
  summaryCardMachine,
  topRiskCardMachine,
  trendCardMachine,
} from '@machines/dashboard/admin-dashboard.machine';
import { resourceStatusOf, type ResourceContext, type ResourceStatus } from '@machines/resource/resource.machine';
import { getAdminSummary } from '../api/get-admin-summary';
import { getRecentSignIns } from '../api/get-recent-sign-ins';
import { getTopRisk } from '../api/get-top-risk';
import { getUnitsTrend } from '../api/get-units-trend';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { liveEventsActor } from '@/lib/live';

export const adminDashboardWithApi = adminDashboardMachine.provide({
  actors: {
    liveEvents: liveEventsActor(adminDashboardEvent),
    summaryCard: summaryCardMachine.provide({ actors: { load: fromPromise(({ signal }) => getAdminSummary(signal)) } }),
    trendCard: trendCardMachine.provide({ actors: { load: fromPromise(({ signal }) => getUnitsTrend(signal)) } }),
    topRiskCard: topRiskCardMachine.provide({ actors: { load: fromPromise(({ signal }) => getTopRisk(signal)) } }),
    signInsCard: signInsCardMachine.provide({ actors: { load: fromPromise(({ signal }) => getRecentSignIns(signal)) } }),
  },
});

export type AdminDashboardActor = ActorRefFrom<typeof adminDashboardWithApi>;

/** The admin dashboard's actor; its four cards start loading when the page mounts. */
export function useAdminDashboard(): AdminDashboardActor {
  return useScreenActor(adminDashboardWithApi);
}

export interface CardView<T> {
  status: ResourceStatus;
  data: T | null;
}

type CardSnapshot<T> = { hasTag(tag: string): boolean; context: ResourceContext<T> };
const statusOf = <T>(s: CardSnapshot<T> | undefined): ResourceStatus => (s ? resourceStatusOf(s) : 'loading');
const dataOf = <T>(s: CardSnapshot<T> | undefined): T | null => s?.context.data ?? null;

/**
 * One card's status and data, read from its resource actor (a child of the dashboard actor). A change renders in a
 * background render, which React splits into short tasks: an actor's update renders synchronously, and the cards'
 * answers, arriving together on the page's load, were one 100–150 ms task.
 */
function useCardOf<T>(child: (Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): CardSnapshot<T> }) | undefined): CardView<T> {
  const status = useDeferredValue(useSelector(child, (s: CardSnapshot<T> | undefined) => statusOf(s)));
  const data = useDeferredValue(useSelector(child, (s: CardSnapshot<T> | undefined) => dataOf(s)));
  return { status, data };
}

export const useSummaryCard = (actor: AdminDashboardActor) => useCardOf(useSelector(actor, (s) => s.children.summary));
export const useTrendCard = (actor: AdminDashboardActor) => useCardOf(useSelector(actor, (s) => s.children.trend));
export const useTopRiskCard = (actor: AdminDashboardActor) => useCardOf(useSelector(actor, (s) => s.children.topRisk));
export const useSignInsCard = (actor: AdminDashboardActor) => useCardOf(useSelector(actor, (s) => s.children.signIns));
