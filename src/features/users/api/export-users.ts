import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { UserRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** Every user matching the list's filters, search and sort (no paging), for the CSV export. */
export function exportUsers(query: ListQuery): Promise<{ items: UserRow[]; total: number }> {
  return apiClient.get<ApiResponse<'/api/users/export', 'get'>>('/api/users/export', { query: toQueryParams(query, false) });
}
