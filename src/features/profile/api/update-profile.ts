import type { ProfileRecord, ProfileValues } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function updateProfile(values: ProfileValues): Promise<ProfileRecord> {
  return apiClient.put<ApiResponse<'/api/me/profile', 'put'>>('/api/me/profile', values);
}
