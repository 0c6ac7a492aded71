import type { ProfileRecord } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function getProfile(signal?: AbortSignal): Promise<ProfileRecord> {
  return apiClient.get<ApiResponse<'/api/me/profile', 'get'>>('/api/me/profile', signal ? { signal } : {});
}
