import type { Page } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import { toQueryParams } from '@/lib/api/list-query-params';
import type { UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function getServiceUnits(query: ListQuery, signal?: AbortSignal): Promise<Page<UnitRow>> {
  return apiClient.get<ApiResponse<'/api/service-units', 'get'>>('/api/service-units', { query: toQueryParams(query), signal });
}
