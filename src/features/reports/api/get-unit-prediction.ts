import type { UnitPredictionDetail } from '@machines/prediction/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getUnitPrediction(unitId: string, signal?: AbortSignal): Promise<UnitPredictionDetail> {
  return apiClient.get<ApiResponse<'/api/reports/prediction/units/{id}', 'get'>>(
    `/api/reports/prediction/units/${encodeURIComponent(unitId)}`,
    signal ? { signal } : {},
  );
}
