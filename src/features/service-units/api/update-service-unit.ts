import { apiClient } from '@/lib/api-client';
import type { UnitFormValues, UnitRow } from './types';

export function updateServiceUnit(id: string, values: UnitFormValues): Promise<UnitRow> {
  return apiClient.put<UnitRow>(`/api/service-units/${encodeURIComponent(id)}`, values);
}
