import { apiClient } from '@/lib/api-client';

export function deleteUser(id: string): Promise<unknown> {
  return apiClient.delete(`/api/users/${encodeURIComponent(id)}`);
}
