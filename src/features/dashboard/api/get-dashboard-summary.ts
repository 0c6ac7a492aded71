import type { DashboardSummary } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';

export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return apiClient.get<DashboardSummary>('/api/dashboard/summary', signal ? { signal } : {});
}
