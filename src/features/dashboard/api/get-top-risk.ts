import type { TopRiskUnit } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';

export async function getTopRisk(signal?: AbortSignal): Promise<TopRiskUnit[]> {
  return (await apiClient.get<{ items: TopRiskUnit[] }>('/api/admin/dashboard/top-risk', signal ? { signal } : {})).items;
}
