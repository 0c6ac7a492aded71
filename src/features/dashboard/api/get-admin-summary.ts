import type { AdminDashboardSummary } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';

export function getAdminSummary(signal?: AbortSignal): Promise<AdminDashboardSummary> {
  return apiClient.get<AdminDashboardSummary>('/api/admin/dashboard/summary', signal ? { signal } : {});
}
