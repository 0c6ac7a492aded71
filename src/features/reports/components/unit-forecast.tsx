import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UnitPredictionDetail } from '@machines/prediction/types';
import { ChartFigure } from '@/components/chart-figure';
import { everyNth, gridWithoutMeasuring, plainTick } from './chart-ticks';
import { DeferredChart } from './deferred-chart';
import { formatTrend, RiskBadge } from './risk-badge';

const fmt = (n: number | null) => (n === null ? '—' : String(n));
// Numeric intervals and plain ticks: recharts measures no label in the page (chart-ticks.tsx).
const VALUE_TICKS = { interval: 0, tick: plainTick({ dy: 10, endInside: true }) };
const HOURS_TICKS = { interval: 0, tick: plainTick({ dx: -10, unit: ' h' }) };
const FACTOR_TICKS = { width: 150, interval: 0, tick: plainTick({ dx: -10, wrap: 150 }) };
const DATE_TICK = plainTick({ dy: 10 });

/** One unit: its prediction in words, actual against predicted downtime, and what drives the risk. */
export function UnitForecast({
  detail,
  loading,
  failed,
  onRetry,
}: {
  detail: UnitPredictionDetail | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (failed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('reports.detailFailed')} role="alert">
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!detail) return loading ? <Skeleton height={320} radius="md" aria-label={t('common.loading')} /> : null;
  const p = detail.prediction;
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  const data = detail.series.map((point) => ({
    date: label(point.date),
    actual: point.actual,
    predicted: point.predicted,
    low: point.low,
    high: point.high,
  }));
  const factors = detail.contributions.map((c) => ({ factor: t(`reports.factor.${c.factor}`), share: Math.round(c.share * 1000) / 10 }));
  return (
    <Stack gap="md" aria-busy={loading}>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('reports.forecastFor', { unit: p.unitName })}
            </Title>
            <Text size="sm" c="dimmed">
              {p.hostname} · {p.organizationName}
            </Text>
          </div>
          <RiskBadge band={p.band} score={p.riskScore} />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} mt="md" spacing="sm">
          <Fact
            label={t('reports.columns.downtime')}
            value={p.predictedDowntimeHours === null ? '—' : t('reports.hours', { value: p.predictedDowntimeHours })}
          />
          <Fact
            label={t('reports.columns.diskFull')}
            value={p.daysUntilDiskFull === null ? t('reports.diskNotFilling') : t('reports.days', { value: p.daysUntilDiskFull })}
          />
          <Fact label={t('reports.columns.trend')} value={formatTrend(p.trend)} />
          <Fact label={t('reports.columns.action')} value={t(`reports.action.${p.recommendedAction}`)} />
        </SimpleGrid>
        {p.band === 'insufficient' && (
          <Text size="sm" mt="sm">
            {t('reports.insufficientExplained', { days: p.historyDays })}
          </Text>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartFigure
          title={t('reports.charts.downtime')}
          description={t('reports.charts.downtimeDescription')}
          table={{
            caption: t('reports.charts.downtime'),
            columns: [
              t('reports.columns.date'),
              t('reports.series.actual'),
              t('reports.series.predicted'),
              t('reports.series.low'),
              t('reports.series.high'),
            ],
            rows: data.map((d) => [d.date, fmt(d.actual), fmt(d.predicted), fmt(d.low), fmt(d.high)]),
          }}
        >
          <DeferredChart height={260}>
            <LineChart
              h={260}
              data={data}
              dataKey="date"
              withLegend
              connectNulls={false}
              withDots={false}
              unit=" h"
              xAxisProps={{ interval: everyNth(data.length, 8), tick: DATE_TICK }}
              yAxisProps={HOURS_TICKS}
              gridProps={gridWithoutMeasuring}
              series={[
                { name: 'actual', label: t('reports.series.actual'), color: 'indigo.6' },
                { name: 'predicted', label: t('reports.series.predicted'), color: 'orange.6', strokeDasharray: '6 3' },
                { name: 'low', label: t('reports.series.low'), color: 'gray.5', strokeDasharray: '2 3' },
                { name: 'high', label: t('reports.series.high'), color: 'gray.5', strokeDasharray: '2 3' },
              ]}
              lineChartProps={{ accessibilityLayer: false }}
            />
          </DeferredChart>
        </ChartFigure>
        <ChartFigure
          title={t('reports.charts.factors')}
          description={t('reports.charts.factorsDescription')}
          table={{
            caption: t('reports.charts.factors'),
            columns: [t('reports.columns.factor'), t('reports.columns.share')],
            rows: factors.map((f) => [f.factor, `${f.share} %`]),
          }}
        >
          {factors.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('reports.noFactors')}
            </Text>
          ) : (
            <DeferredChart height={Math.max(160, factors.length * 40 + 40)}>
              <BarChart
                h={Math.max(160, factors.length * 40 + 40)}
                data={factors}
                dataKey="factor"
                orientation="vertical"
                valueFormatter={(value) => `${value} %`}
                series={[{ name: 'share', label: t('reports.columns.share'), color: 'grape.6' }]}
                xAxisProps={VALUE_TICKS}
                yAxisProps={FACTOR_TICKS}
                gridProps={gridWithoutMeasuring}
                barChartProps={{ accessibilityLayer: false }}
              />
            </DeferredChart>
          )}
        </ChartFigure>
      </SimpleGrid>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}
