import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { OrganizationRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** Every organization matching the list's filters, search and sort (no paging), for the CSV export. */
export function exportOrganizations(query: ListQuery): Promise<{ items: OrganizationRow[]; total: number }> {
  return apiClient.get<ApiResponse<'/api/organizations/export', 'get'>>('/api/organizations/export', {
    query: toQueryParams(query, false),
  });
}
