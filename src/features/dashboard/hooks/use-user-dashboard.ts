import { fromPromise, type ActorRefFrom } from 'xstate';
import { userDashboardEvent, userDashboardMachine } from '@machines/dashboard/user-dashboard.machine';
import { liveEventsActor } from '@/lib/live';
import { getDashboardSummary } from '../api/get-dashboard-summary';
import { getLatestScreenshots } from '../api/get-latest-screenshots';
import { getRecentOffline } from '../api/get-recent-offline';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

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
