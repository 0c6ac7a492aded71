import type { OnlineTrendPoint } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getUnitsTrend(signal?: AbortSignal): Promise<OnlineTrendPoint[]> {
  return (
    await apiClient.get<ApiResponse<'/api/admin/dashboard/units-trend', 'get'>>(
      '/api/admin/dashboard/units-trend',
      signal ? { signal } : {},
    )
  ).points;
}
