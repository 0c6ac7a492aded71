import { reportQueryParams, type ReportQuery } from '@machines/prediction/report-query';
import type { PredictionReport } from '@machines/prediction/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getPredictionReport(query: ReportQuery, signal?: AbortSignal): Promise<PredictionReport> {
  return apiClient.get<ApiResponse<'/api/reports/prediction', 'get'>>('/api/reports/prediction', {
    query: reportQueryParams(query),
    ...(signal ? { signal } : {}),
  });
}
