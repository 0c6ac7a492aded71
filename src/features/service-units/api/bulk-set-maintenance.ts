import type { BulkResult } from '@machines/list/list.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** `versions`: each unit's version as the list showed it; a unit changed since is left as it is and answered as changed meanwhile. */
export async function bulkSetMaintenance(ids: string[], maintenance: boolean, versions?: Record<string, number>): Promise<BulkResult> {
  const answer = await apiClient.post<ApiResponse<'/api/service-units/bulk-maintenance', 'post'>>('/api/service-units/bulk-maintenance', {
    ids,
    maintenance,
    versions,
  });
  return { count: answer.updated, refused: answer.refused, changedElsewhere: answer.changedElsewhere };
}
