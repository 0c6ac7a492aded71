import type { ProfileRecord, ProfileValues } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** `version`: the profile's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateProfile(values: ProfileValues, version: string | null = null): Promise<ProfileRecord> {
  return apiClient.put<ApiResponse<'/api/me/profile', 'put'>>('/api/me/profile', values, { ifMatch: version });
}
