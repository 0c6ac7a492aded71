import { apiClient } from '@/lib/api-client';

export function deleteScreenshot(id: string): Promise<unknown> {
  return apiClient.delete(`/api/screenshots/${encodeURIComponent(id)}`);
}
