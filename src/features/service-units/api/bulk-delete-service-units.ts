import { apiClient } from '@/lib/api-client';

export function bulkDeleteServiceUnits(ids: string[]): Promise<{ deleted: number }> {
  return apiClient.post<{ deleted: number }>('/api/service-units/bulk-delete', { ids });
}
