import { fromPromise, type ActorRefFrom } from 'xstate';
import { userDashboardMachine, type DashboardEvent } from '@machines/dashboard/user-dashboard.machine';
import type { LiveEvent } from '@machines/domain/types';
import { liveEventsActor } from '@/lib/live';
import { getDashboardSummary } from '../api/get-dashboard-summary';
import { getLatestScreenshots } from '../api/get-latest-screenshots';
import { getRecentOffline } from '../api/get-recent-offline';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** The unit events that move the dashboards' figures (counts by status, recently offline). */
export const UNIT_FIGURE_EVENTS: readonly LiveEvent['type'][] = ['unit.online', 'unit.offline', 'unit.created', 'unit.deleted'];

/** What the user dashboard takes of the live events (docs/live.md): its figures may be out of date. */
export function userDashboardEvent(event: LiveEvent): DashboardEvent | null {
  return UNIT_FIGURE_EVENTS.includes(event.type) ? { type: 'dashboard.live.stale' } : null;
}

export const dashboardMachineWithApi = userDashboardMachine.provide({
  actors: {
    liveEvents: liveEventsActor(userDashboardEvent),
    fetchSummary: fromPromise(({ signal }) => getDashboardSummary(signal)),
    fetchRecentOffline: fromPromise(({ signal }) => getRecentOffline(signal)),
    fetchLatestScreenshots: fromPromise(({ signal }) => getLatestScreenshots(signal)),
  },
});

export type UserDashboardActor = ActorRefFrom<typeof dashboardMachineWithApi>;

/** The dashboard's actor; its three requests start together when the page mounts. */
export function useUserDashboard(): UserDashboardActor {
  return useScreenActor(dashboardMachineWithApi);
}
