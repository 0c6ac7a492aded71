import type { RecentSignIn } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getRecentSignIns(signal?: AbortSignal): Promise<RecentSignIn[]> {
  return (
    await apiClient.get<ApiResponse<'/api/admin/dashboard/recent-sign-ins', 'get'>>(
      '/api/admin/dashboard/recent-sign-ins',
      signal ? { signal } : {},
    )
  ).items;
}
