import { apiClient } from '@/lib/api-client';
import type { UnitRow } from './types';

export function getServiceUnit(id: string, signal?: AbortSignal): Promise<UnitRow> {
  return apiClient.get<UnitRow>(`/api/service-units/${encodeURIComponent(id)}`, { signal });
}
