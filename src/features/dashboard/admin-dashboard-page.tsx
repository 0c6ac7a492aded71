import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuilding, IconPlugConnectedX, IconUsers, IconWifi } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCard } from '@machines/dashboard/admin-dashboard.machine';
import { ChartFigure } from '@/components/chart-figure';
import { RelativeTime } from '@/components/data-list';
import { CardFrame } from './components/card-frame';
import { RefreshButton } from './components/refresh-button';
import { StatGrid, type Stat } from './components/stat-card';
import {
  useAdminDashboard,
  useSignInsCard,
  useSummaryCard,
  useTopRiskCard,
  useTrendCard,
  type AdminDashboardActor,
} from './hooks/use-admin-dashboard';

const BAND_COLOR = { high: 'red', medium: 'orange', low: 'teal', insufficient: 'gray' } as const;
const ROLES = [1, 2, 3, 4] as const;

/**
 * /admin/dashboard: the organizations, users and units at a glance, the riskiest units and the latest sign-ins.
 * Each card is its own component reading only its own card actor, so an answer renders that card alone (the
 * page rendered everything four times, once per answer, each in one blocking task); the trend chart mounts
 * in a deferred render after the figures (useDeferredValue), sliced by React instead of in their task.
 */
export default function AdminDashboardPage() {
  const actor = useAdminDashboard();
  return (
    <Stack gap="lg">
      <Refresh actor={actor} />
      <SummaryStats actor={actor} />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <div style={{ gridColumn: 'span 2' }}>
          <TrendCard actor={actor} />
        </div>
        <UsersByRoleCard actor={actor} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TopRiskCard actor={actor} />
        <SignInsCard actor={actor} />
      </SimpleGrid>
    </Stack>
  );
}

interface CardProps {
  actor: AdminDashboardActor;
}

const retryOf = (actor: AdminDashboardActor, card: AdminCard) => () => actor.send({ type: 'adminDashboard.retry', card });

function Refresh({ actor }: CardProps) {
  const statuses = [useSummaryCard(actor).status, useTrendCard(actor).status, useTopRiskCard(actor).status, useSignInsCard(actor).status];
  return <RefreshButton statuses={statuses} onRefresh={() => actor.send({ type: 'adminDashboard.refresh' })} />;
}

function SummaryStats({ actor }: CardProps) {
  const { t } = useTranslation();
  const summary = useSummaryCard(actor);
  const stats: Stat[] = [
    {
      key: 'organizations',
      label: t('dashboard.admin.organizations'),
      value: summary.data?.organizations,
      href: '/admin/manage-organizations',
      icon: <IconBuilding size={24} />,
      color: 'indigo',
    },
    {
      key: 'users',
      label: t('dashboard.admin.users'),
      value: summary.data?.users.total,
      href: '/admin/manage-users',
      icon: <IconUsers size={24} />,
      color: 'grape',
    },
    {
      key: 'online',
      label: t('dashboard.unitsOnline'),
      value: summary.data?.units.online,
      href: '/admin/reporting/prediction',
      icon: <IconWifi size={24} />,
      color: 'teal',
    },
    {
      key: 'offline',
      label: t('dashboard.unitsOffline'),
      value: summary.data?.units.offline,
      href: '/admin/reporting/prediction?band=high',
      icon: <IconPlugConnectedX size={24} />,
      color: 'red',
    },
  ];
  return <StatGrid stats={stats} state={summary.status} onRetry={retryOf(actor, 'summary')} perRow={4} />;
}

function TrendCard({ actor }: CardProps) {
  const { t, i18n } = useTranslation();
  const trend = useTrendCard(actor);
  // The chart (Recharts: SVG, measuring its container) renders after the figures, in a render React slices.
  const data = useDeferredValue(trend.data);
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const trendData = (data ?? []).map((p) => ({
    date: day.format(new Date(`${p.date}T00:00:00Z`)),
    online: p.online,
    offline: p.total - p.online,
  }));
  return (
    // Until the deferred render has the first data, the card keeps its skeleton.
    <CardFrame
      title={t('dashboard.admin.trend')}
      status={data === null && trend.data !== null ? 'loading' : trend.status}
      hasData={data !== null}
      onRetry={retryOf(actor, 'trend')}
    >
      <ChartFigure
        bare
        title={t('dashboard.admin.trendChart')}
        table={{
          caption: t('dashboard.admin.trendChart'),
          columns: [t('dashboard.admin.date'), t('dashboard.unitsOnline'), t('dashboard.unitsOffline')],
          rows: trendData.map((p) => [p.date, p.online, p.offline]),
        }}
      >
        <AreaChart
          h={220}
          data={trendData}
          dataKey="date"
          type="stacked"
          withDots={false}
          series={[
            { name: 'online', label: t('dashboard.unitsOnline'), color: 'teal.6' },
            { name: 'offline', label: t('dashboard.unitsOffline'), color: 'red.5' },
          ]}
          withLegend
          areaChartProps={{ accessibilityLayer: false }}
        />
      </ChartFigure>
    </CardFrame>
  );
}

function UsersByRoleCard({ actor }: CardProps) {
  const { t } = useTranslation();
  const summary = useSummaryCard(actor);
  return (
    <CardFrame
      title={t('dashboard.admin.usersByRole')}
      status={summary.status}
      hasData={summary.data !== null}
      onRetry={retryOf(actor, 'summary')}
    >
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {ROLES.map((role) => (
            <Table.Tr key={role}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} href={`/admin/manage-users?role=${role}`}>
                  {t(`dashboard.admin.role.${role}`)}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{summary.data?.users.byRole[role] ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </CardFrame>
  );
}

function TopRiskCard({ actor }: CardProps) {
  const { t } = useTranslation();
  const topRisk = useTopRiskCard(actor);
  return (
    <CardFrame
      title={t('dashboard.admin.topRisk')}
      status={topRisk.status}
      hasData={topRisk.data !== null}
      onRetry={retryOf(actor, 'topRisk')}
      action={
        <Anchor component={Link} href="/admin/reporting/prediction" size="sm">
          {t('dashboard.admin.openReport')}
        </Anchor>
      }
    >
      {topRisk.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.admin.noRisk')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {topRisk.data?.map((u) => (
            <Group key={u.serviceUnitId} component="li" justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  href={`/admin/reporting/prediction?unitId=${encodeURIComponent(u.serviceUnitId)}`}
                  fw={500}
                  lineClamp={1}
                >
                  {u.unitName}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {u.organizationName}
                </Text>
              </div>
              <Badge color={BAND_COLOR[u.band]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                {t('dashboard.admin.risk', { score: u.riskScore ?? 0 })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </CardFrame>
  );
}

function SignInsCard({ actor }: CardProps) {
  const { t } = useTranslation();
  const signIns = useSignInsCard(actor);
  return (
    <CardFrame
      title={t('dashboard.admin.signIns')}
      status={signIns.status}
      hasData={signIns.data !== null}
      onRetry={retryOf(actor, 'signIns')}
    >
      {signIns.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.admin.noSignIns')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {signIns.data?.map((s) => (
            <Group key={s.userId} component="li" justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} lineClamp={1}>
                  {s.displayName}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {t(`dashboard.admin.roleName.${s.roleId}`)}
                  {s.organizationName ? ` · ${s.organizationName}` : ''}
                </Text>
              </div>
              {/* "vor 3 Stunden" on one line; the name beside it truncates instead. */}
              <div style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <RelativeTime value={s.at} />
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </CardFrame>
  );
}
