import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from './list-query-params';
import type { UserRow } from './types';

export function getUsers(query: ListQuery, signal?: AbortSignal): Promise<Page<UserRow>> {
  return apiClient.get<Page<UserRow>>('/api/users', { query: toQueryParams(query), signal });
}
