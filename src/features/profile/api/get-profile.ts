import type { ProfileRecord } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';

export function getProfile(signal?: AbortSignal): Promise<ProfileRecord> {
  return apiClient.get<ProfileRecord>('/api/me/profile', signal ? { signal } : {});
}
