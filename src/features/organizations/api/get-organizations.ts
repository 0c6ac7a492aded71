import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from './list-query-params';
import type { OrganizationRow } from './types';

export function getOrganizations(query: ListQuery, signal?: AbortSignal): Promise<Page<OrganizationRow>> {
  return apiClient.get<Page<OrganizationRow>>('/api/organizations', { query: toQueryParams(query), signal });
}
