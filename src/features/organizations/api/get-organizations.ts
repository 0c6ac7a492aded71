import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { OrganizationRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function getOrganizations(query: ListQuery, signal?: AbortSignal): Promise<Page<OrganizationRow>> {
  return apiClient.get<ApiResponse<'/api/organizations', 'get'>>('/api/organizations', { query: toQueryParams(query), signal });
}
