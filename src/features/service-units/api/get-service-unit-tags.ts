import { apiClient } from '@/lib/api-client';

export function getServiceUnitTags(): Promise<{ items: string[] }> {
  return apiClient.get<{ items: string[] }>('/api/service-units/tags');
}
