import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Suspend or activate several organizations at once; rows already there are skipped. */
export function bulkOrganizationStatus(
  ids: string[],
  action: 'suspend' | 'activate',
  reason: string,
): Promise<{ updated: number; skipped: number }> {
  return apiClient.post<ApiResponse<'/api/organizations/bulk-status', 'post'>>('/api/organizations/bulk-status', { ids, action, reason });
}
