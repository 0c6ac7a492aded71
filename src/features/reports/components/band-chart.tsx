import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationRisk } from '@machines/prediction/types';
import { ChartFigure } from '@/components/chart-figure';
import { gridWithoutMeasuring, plainTick } from './chart-ticks';
import { DeferredChart } from './deferred-chart';

const SHOWN = 12;
// Every label shown (a numeric interval): recharts then measures none of them in the page (chart-ticks.tsx).
const X_AXIS = { interval: 0, tick: plainTick({ dy: 10, endInside: true }) };
const Y_AXIS = { width: 140, interval: 0, tick: plainTick({ dx: -10, wrap: 140 }) };

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
            xAxisProps={X_AXIS}
            yAxisProps={Y_AXIS}
            gridProps={gridWithoutMeasuring}
            barChartProps={{ accessibilityLayer: false }}
          />
        </DeferredChart>
      )}
    </ChartFigure>
  );
}
