import { apiClient } from '@/lib/api-client';

/** Suspend or activate several organizations at once; rows already there are skipped. */
export function bulkOrganizationStatus(ids: string[], action: 'suspend' | 'activate', reason: string): Promise<{ updated: number; skipped: number }> {
  return apiClient.post<{ updated: number; skipped: number }>('/api/organizations/bulk-status', { ids, action, reason });
}
