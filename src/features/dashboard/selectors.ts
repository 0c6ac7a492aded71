import type { SnapshotFrom } from 'xstate';
import type { DashboardCard } from '@machines/dashboard/user-dashboard.machine';
import type { CardStatus } from './components/card-frame';
import type { dashboardMachineWithApi } from './hooks/use-user-dashboard';

type Snap = SnapshotFrom<typeof dashboardMachineWithApi>;

export const selectCardState =
  (card: DashboardCard) =>
  (s: Snap): CardStatus =>
    s.hasTag(`${card}.loading`) ? 'loading' : s.hasTag(`${card}.failed`) ? 'failed' : 'loaded';
export const selectSummary = (s: Snap) => s.context.summary;
export const selectRecentOffline = (s: Snap) => s.context.recentOffline;
export const selectLatestScreenshots = (s: Snap) => s.context.latestScreenshots;
