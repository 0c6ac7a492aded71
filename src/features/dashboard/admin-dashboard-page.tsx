import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuilding, IconPlugConnectedX, IconRefresh, IconUsers, IconWifi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCard } from '@machines/dashboard/admin-dashboard.machine';
import { ChartFigure } from '@/components/chart-figure';
import { RelativeTime } from '@/components/data-list';
import { CardFrame } from './components/card-frame';
import { StatCard } from './components/stat-card';
import { useAdminDashboard, useSignInsCard, useSummaryCard, useTopRiskCard, useTrendCard } from './hooks/use-admin-dashboard';

const BAND_COLOR = { high: 'red', medium: 'orange', low: 'teal', insufficient: 'gray' } as const;
const ROLES = [1, 2, 3, 4] as const;

/** /admin/dashboard: the organizations, users and units at a glance, the riskiest units and the latest sign-ins. */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const actor = useAdminDashboard();
  const summary = useSummaryCard(actor);
  const trend = useTrendCard(actor);
  const topRisk = useTopRiskCard(actor);
  const signIns = useSignInsCard(actor);
  const retry = (card: AdminCard) => () => actor.send({ type: 'adminDashboard.retry', card });
  const anyLoading = [summary, trend, topRisk, signIns].some((c) => c.status === 'loading');
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const trendData = (trend.data ?? []).map((p) => ({ date: day.format(new Date(`${p.date}T00:00:00Z`)), online: p.online, offline: p.total - p.online }));

  const stats = [
    { key: 'organizations', label: t('dashboard.admin.organizations'), value: summary.data?.organizations, href: '/admin/manage-organizations', icon: <IconBuilding size={24} />, color: 'indigo' },
    { key: 'users', label: t('dashboard.admin.users'), value: summary.data?.users.total, href: '/admin/manage-users', icon: <IconUsers size={24} />, color: 'grape' },
    { key: 'online', label: t('dashboard.unitsOnline'), value: summary.data?.units.online, href: '/admin/reporting/prediction', icon: <IconWifi size={24} />, color: 'teal' },
    { key: 'offline', label: t('dashboard.unitsOffline'), value: summary.data?.units.offline, href: '/admin/reporting/prediction?band=high', icon: <IconPlugConnectedX size={24} />, color: 'red' },
  ];

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => actor.send({ type: 'adminDashboard.refresh' })} loading={anyLoading}>
          {t('dashboard.refresh')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {stats.map((card) => (
          <StatCard key={card.key} label={card.label} value={card.value} state={summary.status} href={card.href} icon={card.icon} color={card.color} onRetry={retry('summary')} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <div style={{ gridColumn: 'span 2' }}>
          <CardFrame title={t('dashboard.admin.trend')} status={trend.status} hasData={trend.data !== null} onRetry={retry('trend')}>
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
        </div>
        <CardFrame title={t('dashboard.admin.usersByRole')} status={summary.status} hasData={summary.data !== null} onRetry={retry('summary')}>
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
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CardFrame
          title={t('dashboard.admin.topRisk')}
          status={topRisk.status}
          hasData={topRisk.data !== null}
          onRetry={retry('topRisk')}
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
                    <Anchor component={Link} href={`/admin/reporting/prediction?unitId=${encodeURIComponent(u.serviceUnitId)}`} fw={500} lineClamp={1}>
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
        <CardFrame title={t('dashboard.admin.signIns')} status={signIns.status} hasData={signIns.data !== null} onRetry={retry('signIns')}>
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
                  <RelativeTime value={s.at} />
                </Group>
              ))}
            </Stack>
          )}
        </CardFrame>
      </SimpleGrid>
    </Stack>
  );
}
