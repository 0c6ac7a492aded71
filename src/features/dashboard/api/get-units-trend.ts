import type { OnlineTrendPoint } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';

export async function getUnitsTrend(signal?: AbortSignal): Promise<OnlineTrendPoint[]> {
  return (await apiClient.get<{ points: OnlineTrendPoint[] }>('/api/admin/dashboard/units-trend', signal ? { signal } : {})).points;
}
