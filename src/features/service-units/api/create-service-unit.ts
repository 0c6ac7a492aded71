import { apiClient } from '@/lib/api-client';
import type { UnitFormValues, UnitRow } from './types';

export function createServiceUnit(values: UnitFormValues): Promise<UnitRow> {
  return apiClient.post<UnitRow>('/api/service-units', values, { idempotent: true });
}
