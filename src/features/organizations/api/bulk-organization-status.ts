import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/**
 * Suspend or activate several organizations at once; rows already there are skipped. `versions`: each row's version as
 * the list showed it; one changed since is left as it is and answered in `changed` (its id).
 */
export async function bulkOrganizationStatus(
  ids: string[],
  action: 'suspend' | 'activate',
  reason: string,
  versions?: Record<string, number>,
): Promise<{ updated: number; skipped: number; changed: string[] }> {
  const answer = await apiClient.post<ApiResponse<'/api/organizations/bulk-status', 'post'>>('/api/organizations/bulk-status', {
    ids,
    action,
    reason,
    versions,
  });
  return { updated: answer.updated, skipped: answer.skipped, changed: answer.changedElsewhere.map((org) => org.id) };
}
