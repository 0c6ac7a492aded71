import { Anchor, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { SETTLED_WIDE_TABLE_VARS } from '@/components/data-list';
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
      width: 260,
      render: (u) => (
        <div>
          <Anchor
            component="button"
            type="button"
            fw={500}
            ta="left"
            onClick={() => onSelect(u.serviceUnitId)}
            lineClamp={1}
            title={u.unitName}
          >
            {u.unitName}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace" truncate="end" title={u.hostname}>
            {u.hostname}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'organization',
      title: t('reports.columns.organization'),
      sortable: true,
      ellipsis: true,
      width: 160,
      render: (u) => u.organizationName,
    },
    {
      accessor: 'risk',
      title: t('reports.columns.risk'),
      sortable: true,
      noWrap: true,
      render: (u) => <RiskBadge band={u.band} score={u.riskScore} />,
    },
    {
      accessor: 'downtime',
      title: t('reports.columns.downtimeShort'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (u) => (u.predictedDowntimeHours === null ? '—' : t('reports.hours', { value: u.predictedDowntimeHours })),
    },
    {
      accessor: 'disk',
      title: t('reports.columns.diskFull'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (u) => (u.daysUntilDiskFull === null ? '—' : t('reports.days', { value: u.daysUntilDiskFull })),
    },
    {
      accessor: 'trend',
      title: t('reports.columns.trendShort'),
      sortable: true,
      noWrap: true,
      textAlign: 'right',
      render: (u) => formatTrend(u.trend),
    },
    {
      accessor: 'topFactor',
      title: t('reports.columns.topFactor'),
      noWrap: true,
      render: (u) => {
        const top = u.factors[0];
        return top ? `${t(`reports.factor.${top.factor}`)} (${Math.round(top.share * 100)} %)` : '—';
      },
    },
    {
      accessor: 'recommendedAction',
      title: t('reports.columns.action'),
      width: 220,
      render: (u) => (
        <Text size="sm" lineClamp={2}>
          {t(`reports.action.${u.recommendedAction}`)}
        </Text>
      ),
    },
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
      // Wide on purpose: the table scrolls sideways on narrow screens instead of squeezing rows tall.
      styles={{ table: { minWidth: 1180 } }}
      style={SETTLED_WIDE_TABLE_VARS}
      aria-label={t('reports.tableLabel')}
    />
  );
}
