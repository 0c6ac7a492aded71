import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient, type QueryValue } from '@/lib/api-client';
import type { RuleRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function getUrlRestrictions(query: ListQuery, signal?: AbortSignal): Promise<Page<RuleRow>> {
  const params: Record<string, QueryValue> = { page: query.page, pageSize: query.pageSize };
  if (query.sort) {
    params['sort'] = query.sort.column;
    params['order'] = query.sort.direction;
  }
  if (query.search) params['search'] = query.search;
  for (const [key, value] of Object.entries(query.filters)) params[key] = Array.isArray(value) ? value.join(',') : value;
  return apiClient.get<ApiResponse<'/api/url-restrictions', 'get'>>('/api/url-restrictions', { query: params, signal });
}
