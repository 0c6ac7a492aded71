import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function bulkSetMaintenance(ids: string[], maintenance: boolean): Promise<{ updated: number }> {
  return apiClient.post<ApiResponse<'/api/service-units/bulk-maintenance', 'post'>>('/api/service-units/bulk-maintenance', {
    ids,
    maintenance,
  });
}
