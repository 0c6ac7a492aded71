import { apiClient } from '@/lib/api-client';
import type { UnitFormValues, UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function updateServiceUnit(id: string, values: UnitFormValues): Promise<UnitRow> {
  return apiClient.put<ApiResponse<'/api/service-units/{id}', 'put'>>(`/api/service-units/${encodeURIComponent(id)}`, values);
}
