import { reportQueryParams, type ReportQuery } from '@machines/prediction/report-query';
import type { UnitPrediction } from '@machines/prediction/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Every row of the report's filters (no paging), riskiest first, for the CSV export. */
export async function exportPredictionReport(query: ReportQuery, signal?: AbortSignal): Promise<UnitPrediction[]> {
  const { page: _page, pageSize: _size, ...filters } = reportQueryParams(query);
  const answer = await apiClient.get<ApiResponse<'/api/reports/prediction/export', 'get'>>('/api/reports/prediction/export', {
    query: filters,
    ...(signal ? { signal } : {}),
  });
  return answer.items;
}
