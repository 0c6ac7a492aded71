import type { UnitPredictionDetail } from '@machines/prediction/types';
import { apiClient } from '@/lib/api-client';

export function getUnitPrediction(unitId: string, signal?: AbortSignal): Promise<UnitPredictionDetail> {
  return apiClient.get<UnitPredictionDetail>(`/api/reports/prediction/units/${encodeURIComponent(unitId)}`, signal ? { signal } : {});
}
