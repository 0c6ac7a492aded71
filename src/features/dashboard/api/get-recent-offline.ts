import type { OfflineUnit } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getRecentOffline(signal?: AbortSignal): Promise<OfflineUnit[]> {
  const page = await apiClient.get<ApiResponse<'/api/dashboard/recent-offline', 'get'>>('/api/dashboard/recent-offline', {
    query: { limit: 5 },
    ...(signal ? { signal } : {}),
  });
  return page.items;
}
