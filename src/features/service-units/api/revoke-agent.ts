import { apiClient } from '@/lib/api-client';
import type { UnitRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** Revokes the unit's enrolled agent: its credential gets 401 from now on. Answers the unit with `agent.revokedAt` set. */
export function revokeAgent(unitId: string): Promise<UnitRow> {
  return apiClient.delete<ApiResponse<'/api/service-units/{id}/agent', 'delete'>>(`/api/service-units/${encodeURIComponent(unitId)}/agent`);
}
