import { apiClient } from '@/lib/api-client';
import type { LinkResult, UserAction, UserRow } from './types';

const PATHS: Record<UserAction, string> = {
  disable: 'disable',
  enable: 'enable',
  resetPassword: 'reset-password',
  revokeSessions: 'revoke-sessions',
};

/** Disable, enable, reset the password (a new one-time link) or end every session of one account. */
export function runUserAction(id: string, action: UserAction): Promise<UserRow | LinkResult | { revoked: number }> {
  return apiClient.post<UserRow | LinkResult | { revoked: number }>(`/api/users/${encodeURIComponent(id)}/${PATHS[action]}`);
}
