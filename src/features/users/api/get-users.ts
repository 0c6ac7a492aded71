import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { UserRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function getUsers(query: ListQuery, signal?: AbortSignal): Promise<Page<UserRow>> {
  return apiClient.get<ApiResponse<'/api/users', 'get'>>('/api/users', { query: toQueryParams(query), signal });
}
