import type { LatestScreenshot } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';

export async function getLatestScreenshots(signal?: AbortSignal): Promise<LatestScreenshot[]> {
  const page = await apiClient.get<{ items: LatestScreenshot[] }>('/api/dashboard/latest-screenshots', { query: { limit: 6 }, ...(signal ? { signal } : {}) });
  return page.items;
}
