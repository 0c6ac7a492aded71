import { apiClient } from '@/lib/api-client';
import type { UnitFormValues, UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function createServiceUnit(values: UnitFormValues): Promise<UnitRow> {
  return apiClient.post<ApiResponse<'/api/service-units', 'post'>>('/api/service-units', values, { idempotent: true });
}
