import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getServiceUnitTags(): Promise<{ items: string[] }> {
  return apiClient.get<ApiResponse<'/api/service-units/tags', 'get'>>('/api/service-units/tags');
}
