import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** What the URL rules screen shows of a unit: its name and how its agent enforces the URL rules. */
export interface UnitEnforcement {
  name: string;
  agent: ApiResponse<'/api/service-units/{id}', 'get'>['agent'];
}

export async function getUnitEnforcement(id: string, signal?: AbortSignal): Promise<UnitEnforcement> {
  const unit = await apiClient.get<ApiResponse<'/api/service-units/{id}', 'get'>>(`/api/service-units/${encodeURIComponent(id)}`, {
    signal,
  });
  return { name: unit.name, agent: unit.agent };
}
