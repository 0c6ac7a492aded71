import { apiClient } from '@/lib/api-client';

export function bulkDeleteScreenshots(ids: string[]): Promise<{ deleted: number; notFound: number }> {
  return apiClient.post<{ deleted: number; notFound: number }>('/api/screenshots/bulk-delete', { ids });
}
