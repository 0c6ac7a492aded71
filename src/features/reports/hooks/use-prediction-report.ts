import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { predictionReportMachine } from '@machines/prediction/prediction-report.machine';
import { parseReportQuery, sameReportQuery, serializeReportQuery } from '@machines/prediction/report-query';
import type { UnitPrediction } from '@machines/prediction/types';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { downloadText, toCsv } from '@/components/data-list';
import { exportPredictionReport } from '../api/export-prediction-report';
import { getPredictionReport } from '../api/get-prediction-report';
import { getReportOrganizations } from '../api/get-report-organizations';
import { getUnitPrediction } from '../api/get-unit-prediction';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

export const reportMachineWithApi = predictionReportMachine.provide({
  actors: {
    fetchReport: fromPromise(({ input, signal }) => getPredictionReport(input.query, signal)),
    fetchUnitDetail: fromPromise(({ input, signal }) => getUnitPrediction(input.unitId, signal)),
    exportReport: fromPromise(({ input, signal }) => exportPredictionReport(input.query, signal)),
    fetchOrganizations: fromPromise(({ signal }) => getReportOrganizations(signal)),
  },
});

export type ReportActor = ActorRefFrom<typeof reportMachineWithApi>;

/** The report's actor, started from the URL's query and kept in step with the URL both ways. */
export function usePredictionReport(machine = reportMachineWithApi): ReportActor {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [input] = useState(() => ({ query: parseReportQuery(search) }));
  const actor = useScreenActor(machine, { input });

  // URL → machine (Back, a pasted link).
  useSendOnChange(actor, search, (value) => ({ type: 'report.query.sync' as const, query: parseReportQuery(value) }));

  // machine → URL: a history entry per filter change, so Back undoes it.
  useActorEvents(actor, {
    'report.query.changed': ({ query }) => {
      if (sameReportQuery(parseReportQuery(search), query)) return;
      const next = serializeReportQuery(query, search);
      navigate(next ? `${location}?${next}` : location);
    },
  });

  useExportDownloads(actor);
  return actor;
}

/** The export's result becomes a CSV download; its failure a notification. */
function useExportDownloads(actor: ReportActor): void {
  const { t } = useTranslation();
  useActorEvents(actor, {
    'report.exported': ({ items }) => {
      const csv = toCsv<UnitPrediction>(items, [
        { header: t('reports.columns.unit'), value: (u) => u.unitName },
        { header: t('reports.columns.hostname'), value: (u) => u.hostname },
        { header: t('reports.columns.organization'), value: (u) => u.organizationName },
        { header: t('reports.columns.risk'), value: (u) => u.riskScore },
        { header: t('reports.columns.band'), value: (u) => t(`reports.band.${u.band}`) },
        { header: t('reports.columns.downtime'), value: (u) => u.predictedDowntimeHours },
        { header: t('reports.columns.diskFull'), value: (u) => u.daysUntilDiskFull },
        { header: t('reports.columns.trend'), value: (u) => u.trend },
        {
          header: t('reports.columns.factors'),
          value: (u) => u.factors.map((f) => `${t(`reports.factor.${f.factor}`)} ${Math.round(f.share * 100)} %`).join('; '),
        },
        { header: t('reports.columns.action'), value: (u) => t(`reports.action.${u.recommendedAction}`) },
      ]);
      downloadText(`prediction-report-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      notifications.show({ color: 'teal', message: t('reports.exported', { count: items.length }) });
    },
    'report.exportFailed': () => notifications.show({ color: 'red', message: t('reports.exportFailed') }),
  });
}
