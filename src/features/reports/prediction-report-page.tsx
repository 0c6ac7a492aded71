import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectDetail,
  selectDetailFailed,
  selectDetailLoading,
  selectExporting,
  selectOrganizations,
  selectQuery,
  selectReport,
  selectReportError,
  selectReportFailed,
  selectReportLoading,
  selectSelectedUnitId,
} from '@machines/prediction/prediction-report.machine';
import type { ReportQuery } from '@machines/prediction/report-query';
import { ListError } from '@/components/data-list';
import { ApiError } from '@/lib/api-client';
import { BandChart } from './components/band-chart';
import { preloadDowntimeChart } from './components/downtime-chart';
import { ReportFilters } from './components/report-filters';
import { ReportTable } from './components/report-table';
import { SummaryCards } from './components/summary-cards';
import { TopUnits } from './components/top-units';
import { UnitForecast } from './components/unit-forecast';
import { usePredictionReport } from './hooks/use-prediction-report';
import classes from './report.module.css';

/** /admin/reporting/prediction: unit health and the 7-day failure-risk forecast (docs/prediction.md). */
export default function PredictionReportPage() {
  const { t, i18n } = useTranslation();
  const actor = usePredictionReport();
  useEffect(() => {
    // The forecast chart's chunk loads beside the requests; a failed download shows in the chart's place.
    preloadDowntimeChart().catch(() => undefined);
  }, []);
  const report = useSelector(actor, selectReport);
  const query = useSelector(actor, selectQuery);
  const organizations = useSelector(actor, selectOrganizations);
  const loading = useSelector(actor, selectReportLoading);
  const failed = useSelector(actor, selectReportFailed);
  const error = useSelector(actor, selectReportError);
  const detail = useSelector(actor, selectDetail);
  const detailLoading = useSelector(actor, selectDetailLoading);
  const detailFailed = useSelector(actor, selectDetailFailed);
  const selectedUnitId = useSelector(actor, selectSelectedUnitId);
  const exporting = useSelector(actor, selectExporting);
  // The table (below the figures, 25 rows of components) renders in a background render of its own, in slices that
  // leave the main thread free between them (issue 46 §1); until then it shows the last report, or its placeholder.
  const tableReport = useDeferredValue(report);
  const tableQuery = useDeferredValue(query);
  const change = useCallback((query: Partial<ReportQuery>) => actor.send({ type: 'report.query.change', query }), [actor]);
  const select = useCallback((unitId: string) => actor.send({ type: 'report.unit.select', unitId }), [actor]);
  const generated = report
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(report.generatedAt))
    : null;

  return (
    <Stack gap="lg" className={classes.report}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <ReportFilters query={query} organizations={organizations} onChange={change} />
        <Group gap="xs" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            loading={exporting}
            disabled={!report}
            onClick={() => actor.send({ type: 'report.export' })}
          >
            {t('reports.exportCsv')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} disabled={!report} onClick={() => window.print()}>
            {t('reports.print')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {generated ? t('reports.generatedAt', { date: generated, days: report?.horizonDays ?? 7 }) : t('common.loading')}
      </Text>
      {failed && (
        <ListError onRetry={() => actor.send({ type: 'report.retry' })} message={error instanceof ApiError ? error.message : null} />
      )}
      <SummaryCards summary={report?.summary ?? null} loading={loading} />
      {report ? (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <BandChart organizations={report.byOrganization} />
            <TopUnits units={report.top} selectedId={selectedUnitId} onSelect={select} />
          </SimpleGrid>
          <UnitForecast
            detail={detail}
            loading={detailLoading}
            failed={detailFailed}
            onRetry={() => actor.send({ type: 'report.detail.retry' })}
          />
          {tableReport ? (
            <DeferredTable
              report={tableReport}
              query={tableQuery}
              fetching={loading || tableReport !== report}
              onQueryChange={change}
              onSelect={select}
            />
          ) : (
            <Skeleton height={360} radius="md" aria-hidden />
          )}
        </>
      ) : (
        !failed && <Skeleton height={360} radius="md" aria-hidden />
      )}
    </Stack>
  );
}

/** Renders again only when its (deferred) props change: the page's urgent renders skip the table. */
const DeferredTable = memo(ReportTable);
