import { apiClient } from '@/lib/api-client';

export function deleteUrlRestriction(id: string): Promise<unknown> {
  return apiClient.delete<unknown>(`/api/url-restrictions/${encodeURIComponent(id)}`);
}
