import type { OfflineUnit } from '@machines/dashboard/user-dashboard.machine';
import { apiClient } from '@/lib/api-client';

export async function getRecentOffline(signal?: AbortSignal): Promise<OfflineUnit[]> {
  const page = await apiClient.get<{ items: OfflineUnit[] }>('/api/dashboard/recent-offline', { query: { limit: 5 }, ...(signal ? { signal } : {}) });
  return page.items;
}
