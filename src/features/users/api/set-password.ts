import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Public: sets the password through the one-time link and activates the account. */
export function setPassword(token: string, password: string, rePassword: string): Promise<{ username: string }> {
  return apiClient.post<ApiResponse<'/api/set-password', 'post'>>('/api/set-password', { token, password, rePassword }, { auth: 'none' });
}
