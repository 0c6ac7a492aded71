import type { AdminDashboardSummary } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getAdminSummary(signal?: AbortSignal): Promise<AdminDashboardSummary> {
  return apiClient.get<ApiResponse<'/api/admin/dashboard/summary', 'get'>>('/api/admin/dashboard/summary', signal ? { signal } : {});
}
