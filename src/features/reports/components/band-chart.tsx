import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationRisk } from '@machines/prediction/types';
import { ChartFigure } from '@/components/chart-figure';
import { DeferredChart } from './deferred-chart';

const SHOWN = 12;

/** Units per risk band for each organization (stacked bars), the organizations with most high-risk units first. */
export function BandChart({ organizations }: { organizations: OrganizationRisk[] }) {
  const { t } = useTranslation();
  const shown = organizations.slice(0, SHOWN);
  const data = shown.map((o) => ({
    organization: o.organizationName,
    high: o.high,
    medium: o.medium,
    low: o.low,
    insufficient: o.insufficient,
  }));
  const series = [
    { name: 'high', label: t('reports.band.high'), color: 'red.6' },
    { name: 'medium', label: t('reports.band.medium'), color: 'orange.5' },
    { name: 'low', label: t('reports.band.low'), color: 'teal.6' },
    { name: 'insufficient', label: t('reports.band.insufficient'), color: 'gray.5' },
  ];
  return (
    <ChartFigure
      title={t('reports.charts.byOrganization')}
      {...(organizations.length > SHOWN
        ? { description: t('reports.charts.byOrganizationMore', { shown: SHOWN, total: organizations.length }) }
        : {})}
      table={{
        caption: t('reports.charts.byOrganization'),
        columns: [t('reports.columns.organization'), ...series.map((s) => s.label)],
        rows: shown.map((o) => [o.organizationName, o.high, o.medium, o.low, o.insufficient]),
      }}
    >
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.noUnits')}
        </Text>
      ) : (
        <DeferredChart height={Math.max(180, data.length * 38 + 60)}>
          <BarChart
            h={Math.max(180, data.length * 38 + 60)}
            data={data}
            dataKey="organization"
            type="stacked"
            orientation="vertical"
            series={series}
            withLegend
            yAxisProps={{ width: 140 }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </DeferredChart>
      )}
    </ChartFigure>
  );
}
