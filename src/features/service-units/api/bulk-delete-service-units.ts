import type { BulkResult } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** `versions`: each unit's version as the list showed it; a unit changed since is kept and answered as changed meanwhile. */
export async function bulkDeleteServiceUnits(ids: string[], versions?: Record<string, number>): Promise<BulkResult> {
  const answer = await apiClient.post<ApiResponse<'/api/service-units/bulk-delete', 'post'>>('/api/service-units/bulk-delete', {
    ids,
    versions,
  });
  return { count: answer.deleted, refused: answer.refused, changedElsewhere: answer.changedElsewhere };
}
