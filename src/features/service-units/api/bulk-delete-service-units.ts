import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function bulkDeleteServiceUnits(ids: string[]): Promise<{ deleted: number }> {
  return apiClient.post<ApiResponse<'/api/service-units/bulk-delete', 'post'>>('/api/service-units/bulk-delete', { ids });
}
