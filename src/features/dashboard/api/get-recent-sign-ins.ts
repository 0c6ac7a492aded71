import type { RecentSignIn } from '@machines/dashboard/admin-dashboard.types';
import { apiClient } from '@/lib/api-client';

export async function getRecentSignIns(signal?: AbortSignal): Promise<RecentSignIn[]> {
  return (await apiClient.get<{ items: RecentSignIn[] }>('/api/admin/dashboard/recent-sign-ins', signal ? { signal } : {})).items;
}
