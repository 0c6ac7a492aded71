import { SimpleGrid, Stack } from '@mantine/core';
import { IconCamera, IconPlugConnectedX, IconShieldLock, IconTool, IconWifi, IconBan } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DashboardCard } from '@machines/dashboard/user-dashboard.machine';
import { LatestScreenshotsCard } from './components/latest-screenshots-card';
import { RecentOfflineCard } from './components/recent-offline-card';
import { RefreshButton } from './components/refresh-button';
import { StatGrid, type Stat } from './components/stat-card';
import { selectCardState, selectLatestScreenshots, selectRecentOffline, selectSummary } from './selectors';
import { useUserDashboard, type UserDashboardActor } from './hooks/use-user-dashboard';

const selectSummaryState = selectCardState('summary');
const selectOfflineState = selectCardState('recentOffline');
const selectScreenshotsState = selectCardState('latestScreenshots');

/**
 * /user/dashboard. Each card reads only its own part of the dashboard actor, so an answer renders that card
 * alone (the page rendered all of them on each of the three answers, in one blocking task each).
 */
export default function UserDashboardPage() {
  const actor = useUserDashboard();
  return (
    <Stack gap="lg">
      <Refresh actor={actor} />
      <SummaryCards actor={actor} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OfflineCard actor={actor} />
        <ScreenshotsCard actor={actor} />
      </SimpleGrid>
    </Stack>
  );
}

interface CardProps {
  actor: UserDashboardActor;
}

const retryOf = (actor: UserDashboardActor, card: DashboardCard) => () => actor.send({ type: 'dashboard.retry', card });

function Refresh({ actor }: CardProps) {
  const statuses = [
    useSelector(actor, selectSummaryState),
    useSelector(actor, selectOfflineState),
    useSelector(actor, selectScreenshotsState),
  ];
  return <RefreshButton statuses={statuses} onRefresh={() => actor.send({ type: 'dashboard.refresh' })} />;
}

function SummaryCards({ actor }: CardProps) {
  const { t } = useTranslation();
  const summaryState = useSelector(actor, selectSummaryState);
  const summary = useSelector(actor, selectSummary);
  const cards: Stat[] = [
    {
      key: 'online',
      label: t('dashboard.unitsOnline'),
      value: summary?.units.online,
      href: '/user/manage-service-units?status=online',
      icon: <IconWifi size={24} />,
      color: 'teal',
    },
    {
      key: 'offline',
      label: t('dashboard.unitsOffline'),
      value: summary?.units.offline,
      href: '/user/manage-service-units?status=offline',
      icon: <IconPlugConnectedX size={24} />,
      color: 'red',
    },
    {
      key: 'maintenance',
      label: t('dashboard.unitsMaintenance'),
      value: summary?.units.maintenance,
      href: '/user/manage-service-units?status=maintenance',
      icon: <IconTool size={24} />,
      color: 'orange',
    },
    {
      key: 'blocked',
      label: t('dashboard.processesBlockedToday'),
      value: summary?.processesBlockedToday,
      href: '/user/manage-process',
      icon: <IconBan size={24} />,
      color: 'grape',
    },
    {
      key: 'screenshots',
      label: t('dashboard.screenshotsToday'),
      value: summary?.screenshotsToday,
      href: '/user/manage-screenshots',
      icon: <IconCamera size={24} />,
      color: 'blue',
    },
    {
      key: 'rules',
      label: t('dashboard.activeUrlRules'),
      value: summary?.activeUrlRules,
      href: '/user/url-restrictions',
      icon: <IconShieldLock size={24} />,
      color: 'indigo',
    },
  ];
  return <StatGrid stats={cards} state={summaryState} onRetry={retryOf(actor, 'summary')} perRow={3} />;
}

function OfflineCard({ actor }: CardProps) {
  const state = useSelector(actor, selectOfflineState);
  const units = useSelector(actor, selectRecentOffline);
  return <RecentOfflineCard state={state} units={units} onRetry={retryOf(actor, 'recentOffline')} />;
}

function ScreenshotsCard({ actor }: CardProps) {
  const state = useSelector(actor, selectScreenshotsState);
  const screenshots = useSelector(actor, selectLatestScreenshots);
  return <LatestScreenshotsCard state={state} screenshots={screenshots} onRetry={retryOf(actor, 'latestScreenshots')} />;
}
