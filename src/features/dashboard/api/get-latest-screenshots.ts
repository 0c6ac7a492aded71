import type { LatestScreenshot } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getLatestScreenshots(signal?: AbortSignal): Promise<LatestScreenshot[]> {
  const page = await apiClient.get<ApiResponse<'/api/dashboard/latest-screenshots', 'get'>>('/api/dashboard/latest-screenshots', {
    query: { limit: 6 },
    ...(signal ? { signal } : {}),
  });
  return page.items;
}
