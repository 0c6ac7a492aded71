import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PredictionReport } from '@machines/prediction/types';
import { formatThousands } from '@/lib/formatters';

/** The report's key figures for the current scope. */
export function SummaryCards({ summary, loading }: { summary: PredictionReport['summary'] | null; loading: boolean }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'units', label: t('reports.summary.units'), value: summary ? formatThousands(summary.units) : null },
    { key: 'high', label: t('reports.summary.high'), value: summary ? formatThousands(summary.high) : null, color: 'red' },
    { key: 'medium', label: t('reports.summary.medium'), value: summary ? formatThousands(summary.medium) : null, color: 'orange' },
    {
      key: 'average',
      label: t('reports.summary.averageRisk'),
      value: summary ? (summary.averageRisk === null ? '—' : String(summary.averageRisk)) : null,
    },
    {
      key: 'downtime',
      label: t('reports.summary.downtime'),
      value: summary ? t('reports.hours', { value: formatThousands(summary.predictedDowntimeHours) }) : null,
    },
    { key: 'disk', label: t('reports.summary.diskFull'), value: summary ? formatThousands(summary.diskFullWithinHorizon) : null },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {cards.map((card) => (
        <Card key={card.key} withBorder padding="md" role="group" aria-label={card.label} aria-busy={loading && !summary}>
          <Text size="sm" c="dimmed" fw={500} lineClamp={2}>
            {card.label}
          </Text>
          {card.value === null ? (
            <Skeleton height={30} width={70} mt={6} aria-hidden />
          ) : (
            <Text fz={26} fw={700} lh={1.2} c={card.color ? `var(--mantine-color-${card.color}-text)` : undefined}>
              {card.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
