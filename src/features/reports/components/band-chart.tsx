import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganizationRisk } from '@machines/prediction/types';
import { ChartFigure } from '@/components/chart-figure';
import { BarList } from '@/components/charts/bar-list';
import { ChartLegend } from '@/components/charts/chart-legend';

const SHOWN = 12;

/** Units per risk band for each organization (stacked bars), the organizations with most high-risk units first. */
export function BandChart({ organizations }: { organizations: OrganizationRisk[] }) {
  const { t, i18n } = useTranslation();
  const shown = organizations.slice(0, SHOWN);
  const series = [
    { name: 'high', label: t('reports.band.high'), color: 'red.6' },
    { name: 'medium', label: t('reports.band.medium'), color: 'orange.5' },
    { name: 'low', label: t('reports.band.low'), color: 'teal.6' },
    { name: 'insufficient', label: t('reports.band.insufficient'), color: 'gray.5' },
  ] as const;
  const number = new Intl.NumberFormat(i18n.language);
  const rows = shown.map((o) => ({
    label: o.organizationName,
    segments: series.map((s) => ({ label: s.label, color: s.color, value: o[s.name] })),
  }));
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
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.noUnits')}
        </Text>
      ) : (
        <>
          <ChartLegend items={series} />
          <BarList rows={rows} format={(n) => number.format(n)} />
        </>
      )}
    </ChartFigure>
  );
}
