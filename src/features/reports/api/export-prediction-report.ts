import { reportQueryParams, type ReportQuery } from '@machines/prediction/report-query';
import type { UnitPrediction } from '@machines/prediction/types';
import { apiClient } from '@/lib/api-client';

/** Every row of the report's filters (no paging), riskiest first, for the CSV export. */
export async function exportPredictionReport(query: ReportQuery, signal?: AbortSignal): Promise<UnitPrediction[]> {
  const { page: _page, pageSize: _size, ...filters } = reportQueryParams(query);
  const answer = await apiClient.get<{ items: UnitPrediction[] }>('/api/reports/prediction/export', { query: filters, ...(signal ? { signal } : {}) });
  return answer.items;
}
