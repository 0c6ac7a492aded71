import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Public: is the one-time link still valid, and whose account is it? 404 when used or expired. */
export function checkSetPasswordLink(token: string, signal?: AbortSignal): Promise<{ username: string; fullName: string; email: string }> {
  return apiClient.get<ApiResponse<'/api/set-password', 'get'>>('/api/set-password', { query: { token }, signal, auth: 'none' });
}
