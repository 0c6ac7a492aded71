import type { TopRiskUnit } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getTopRisk(signal?: AbortSignal): Promise<TopRiskUnit[]> {
  return (
    await apiClient.get<ApiResponse<'/api/admin/dashboard/top-risk', 'get'>>('/api/admin/dashboard/top-risk', signal ? { signal } : {})
  ).items;
}
