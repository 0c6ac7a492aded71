import { apiClient } from '@/lib/api-client';

/** `POST /api/auth/forgot-password`: the answer is the same whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiClient.post('/api/auth/forgot-password', { email }, { auth: 'appKey', skipRefresh: true });
}
