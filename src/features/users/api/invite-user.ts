import { apiClient } from '@/lib/api-client';
import type { LinkResult, UserFormValues } from './types';

/** Creates the account as "invited" and answers its one-time set-password link. */
export function inviteUser(values: UserFormValues): Promise<LinkResult> {
  return apiClient.post<LinkResult>('/api/users', values);
}
