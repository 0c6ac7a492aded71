import { Anchor, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { isReportSort, REPORT_PAGE_SIZES, type ReportQuery } from '@machines/prediction/report-query';
import type { PredictionReport, UnitPrediction } from '@machines/prediction/types';
import { formatTrend, RiskBadge } from './risk-badge';

/** Every unit of the scope, server-paged and sorted; the unit name opens its forecast. */
export function ReportTable({
  report,
  query,
  fetching,
  onQueryChange,
  onSelect,
}: {
  report: PredictionReport;
  query: ReportQuery;
  fetching: boolean;
  onQueryChange: (change: Partial<ReportQuery>) => void;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<UnitPrediction>[] = [
    {
      accessor: 'name',
      title: t('reports.columns.unit'),
      sortable: true,
      render: (u) => (
        <div>
          <Anchor component="button" type="button" fw={500} ta="left" onClick={() => onSelect(u.serviceUnitId)}>
            {u.unitName}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {u.hostname}
          </Text>
        </div>
      ),
    },
    { accessor: 'organization', title: t('reports.columns.organization'), sortable: true, render: (u) => u.organizationName },
    { accessor: 'risk', title: t('reports.columns.risk'), sortable: true, width: 150, render: (u) => <RiskBadge band={u.band} score={u.riskScore} /> },
    {
      accessor: 'downtime',
      title: t('reports.columns.downtime'),
      sortable: true,
      textAlign: 'right',
      render: (u) => (u.predictedDowntimeHours === null ? '—' : t('reports.hours', { value: u.predictedDowntimeHours })),
    },
    {
      accessor: 'disk',
      title: t('reports.columns.diskFull'),
      sortable: true,
      textAlign: 'right',
      render: (u) => (u.daysUntilDiskFull === null ? '—' : t('reports.days', { value: u.daysUntilDiskFull })),
    },
    { accessor: 'trend', title: t('reports.columns.trend'), sortable: true, textAlign: 'right', render: (u) => formatTrend(u.trend) },
    {
      accessor: 'factors',
      title: t('reports.columns.factors'),
      render: (u) =>
        u.factors.length === 0 ? '—' : u.factors.map((f) => `${t(`reports.factor.${f.factor}`)} ${Math.round(f.share * 100)} %`).join(', '),
    },
    { accessor: 'recommendedAction', title: t('reports.columns.action'), render: (u) => t(`reports.action.${u.recommendedAction}`) },
  ];
  const sortStatus: DataTableSortStatus<UnitPrediction> = { columnAccessor: query.sort, direction: query.order };
  return (
    <DataTable<UnitPrediction>
      records={report.items}
      idAccessor="serviceUnitId"
      columns={columns}
      totalRecords={report.total}
      page={query.page}
      recordsPerPage={query.pageSize}
      recordsPerPageOptions={[...REPORT_PAGE_SIZES]}
      recordsPerPageLabel={t('data-list.pageSize')}
      onPageChange={(page) => onQueryChange({ page })}
      onRecordsPerPageChange={(pageSize) => onQueryChange({ pageSize })}
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        const sort = String(status.columnAccessor);
        if (isReportSort(sort)) onQueryChange({ sort, order: status.direction });
      }}
      fetching={fetching}
      loadingText={t('common.loading')}
      noRecordsText={t('reports.noUnits')}
      paginationText={({ from, to, totalRecords }) => t('data-list.paginationText', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`data-list.pagination.${control}`) })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('data-list.pagination.page', { page }) })}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalAlign="center"
      minHeight={report.items.length === 0 ? 200 : undefined}
      aria-label={t('reports.tableLabel')}
    />
  );
}
