import { apiClient } from '@/lib/api-client';
import type { UnitFormValues, UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** `version`: the unit's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateServiceUnit(id: string, values: UnitFormValues, version: string | null = null): Promise<UnitRow> {
  return apiClient.put<ApiResponse<'/api/service-units/{id}', 'put'>>(`/api/service-units/${encodeURIComponent(id)}`, values, {
    ifMatch: version,
  });
}
