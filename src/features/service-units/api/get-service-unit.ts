import { apiClient } from '@/lib/api-client';
import type { UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function getServiceUnit(id: string, signal?: AbortSignal): Promise<UnitRow> {
  return apiClient.get<ApiResponse<'/api/service-units/{id}', 'get'>>(`/api/service-units/${encodeURIComponent(id)}`, { signal });
}
