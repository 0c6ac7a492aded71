import { apiClient } from '@/lib/api-client';

export function bulkSetMaintenance(ids: string[], maintenance: boolean): Promise<{ updated: number }> {
  return apiClient.post<{ updated: number }>('/api/service-units/bulk-maintenance', { ids, maintenance });
}
