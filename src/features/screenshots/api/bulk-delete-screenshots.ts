import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function bulkDeleteScreenshots(ids: string[]): Promise<{ deleted: number; notFound: number }> {
  return apiClient.post<ApiResponse<'/api/screenshots/bulk-delete', 'post'>>('/api/screenshots/bulk-delete', { ids });
}
