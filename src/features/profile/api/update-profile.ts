import type { ProfileRecord, ProfileValues } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';

export function updateProfile(values: ProfileValues): Promise<ProfileRecord> {
  return apiClient.put<ProfileRecord>('/api/me/profile', values);
}
