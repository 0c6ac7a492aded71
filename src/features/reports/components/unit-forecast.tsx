import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitPredictionDetail } from '@machines/prediction/types';
import { ChartFigure } from '@/components/chart-figure';
import { BarList } from '@/components/charts/bar-list';
import { ChartLegend } from '@/components/charts/chart-legend';
import { DowntimeChart } from './downtime-chart';
import { formatTrend, RiskBadge } from './risk-badge';

const fmt = (n: number | null) => (n === null ? '—' : String(n));
const CHART_HEIGHT = 260;

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
  // Stable while the detail and the language are: the chart keeps its data (a new array would be drawn again).
  const { data, lines, labels } = useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const data = (detail?.series ?? []).map((point) => ({
      date: day.format(new Date(`${point.date}T00:00:00Z`)),
      actual: point.actual,
      predicted: point.predicted,
      low: point.low,
      high: point.high,
    }));
    const lines = [
      { label: t('reports.series.actual'), color: 'indigo.6', values: data.map((d) => d.actual) },
      { label: t('reports.series.predicted'), color: 'orange.6', values: data.map((d) => d.predicted), dash: [6, 3] },
      { label: t('reports.series.low'), color: 'gray.5', values: data.map((d) => d.low), dash: [2, 3] },
      { label: t('reports.series.high'), color: 'gray.5', values: data.map((d) => d.high), dash: [2, 3] },
    ];
    return { data, lines, labels: data.map((d) => d.date) };
  }, [detail, i18n.language, t]);
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
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
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
          <ChartLegend items={lines} />
          <DowntimeChart labels={labels} series={lines} height={CHART_HEIGHT} locale={i18n.language} unit=" h" />
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
            <BarList
              rows={factors.map((f) => ({
                label: f.factor,
                segments: [{ label: t('reports.columns.share'), color: 'grape.6', value: f.share }],
              }))}
              format={(value) => `${percent.format(value)} %`}
              max={100}
            />
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
