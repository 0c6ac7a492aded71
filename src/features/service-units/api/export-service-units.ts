import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** Every unit matching the list's filters, search and sort (no paging), for the CSV export. */
export function exportServiceUnits(query: ListQuery): Promise<{ items: UnitRow[]; total: number }> {
  return apiClient.get<ApiResponse<'/api/service-units/export', 'get'>>('/api/service-units/export', {
    query: toQueryParams(query, false),
  });
}
