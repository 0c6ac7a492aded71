import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import {
  IconCamera,
  IconPlugConnectedX,
  IconRefresh,
  IconShieldLock,
  IconTool,
  IconWifi,
  IconBan,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { DashboardCard } from '@machines/dashboard/user-dashboard.machine';
import { LatestScreenshotsCard } from './components/latest-screenshots-card';
import { RecentOfflineCard } from './components/recent-offline-card';
import { StatCard } from './components/stat-card';
import { selectCardState, selectLatestScreenshots, selectRecentOffline, selectSummary } from './selectors';
import { useUserDashboard } from './hooks/use-user-dashboard';

const selectSummaryState = selectCardState('summary');
const selectOfflineState = selectCardState('recentOffline');
const selectScreenshotsState = selectCardState('latestScreenshots');

export default function UserDashboardPage() {
  const { t } = useTranslation();
  const actor = useUserDashboard();
  const summaryState = useSelector(actor, selectSummaryState);
  const summary = useSelector(actor, selectSummary);
  const offlineState = useSelector(actor, selectOfflineState);
  const offline = useSelector(actor, selectRecentOffline);
  const screenshotsState = useSelector(actor, selectScreenshotsState);
  const screenshots = useSelector(actor, selectLatestScreenshots);
  const retry = (card: DashboardCard) => () => actor.send({ type: 'dashboard.retry', card });
  const retrySummary = retry('summary');
  const anyLoading = summaryState === 'loading' || offlineState === 'loading' || screenshotsState === 'loading';

  const cards = [
    { key: 'online', label: t('dashboard.unitsOnline'), value: summary?.units.online, href: '/user/manage-service-units?status=online', icon: <IconWifi size={24} />, color: 'teal' },
    { key: 'offline', label: t('dashboard.unitsOffline'), value: summary?.units.offline, href: '/user/manage-service-units?status=offline', icon: <IconPlugConnectedX size={24} />, color: 'red' },
    { key: 'maintenance', label: t('dashboard.unitsMaintenance'), value: summary?.units.maintenance, href: '/user/manage-service-units?status=maintenance', icon: <IconTool size={24} />, color: 'orange' },
    { key: 'blocked', label: t('dashboard.processesBlockedToday'), value: summary?.processesBlockedToday, href: '/user/manage-process', icon: <IconBan size={24} />, color: 'grape' },
    { key: 'screenshots', label: t('dashboard.screenshotsToday'), value: summary?.screenshotsToday, href: '/user/manage-screenshots', icon: <IconCamera size={24} />, color: 'blue' },
    { key: 'rules', label: t('dashboard.activeUrlRules'), value: summary?.activeUrlRules, href: '/user/url-restrictions', icon: <IconShieldLock size={24} />, color: 'indigo' },
  ];

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => actor.send({ type: 'dashboard.refresh' })} loading={anyLoading}>
          {t('dashboard.refresh')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        {cards.map((card) => (
          <StatCard key={card.key} label={card.label} value={card.value} state={summaryState} href={card.href} icon={card.icon} color={card.color} onRetry={retrySummary} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecentOfflineCard state={offlineState} units={offline} onRetry={retry('recentOffline')} />
        <LatestScreenshotsCard state={screenshotsState} screenshots={screenshots} onRetry={retry('latestScreenshots')} />
      </SimpleGrid>
    </Stack>
  );
}
