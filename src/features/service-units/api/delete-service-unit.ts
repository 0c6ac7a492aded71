import { apiClient } from '@/lib/api-client';

export function deleteServiceUnit(id: string): Promise<unknown> {
  return apiClient.delete<unknown>(`/api/service-units/${encodeURIComponent(id)}`);
}
