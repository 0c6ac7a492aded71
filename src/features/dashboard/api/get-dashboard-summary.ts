import type { DashboardSummary } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return apiClient.get<ApiResponse<'/api/dashboard/summary', 'get'>>('/api/dashboard/summary', signal ? { signal } : {});
}
