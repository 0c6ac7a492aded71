import { apiClient } from '@/lib/api-client';

/** Public: sets the password through the one-time link and activates the account. */
export function setPassword(token: string, password: string, rePassword: string): Promise<{ username: string }> {
  return apiClient.post<{ username: string }>('/api/set-password', { token, password, rePassword }, { auth: 'none' });
}
