import { apiClient } from '@/lib/api-client';
import type { LinkResult, UserFormValues } from './types';
import type { ApiResponse } from '@/lib/api';

/** Creates the account as "invited" and answers its one-time set-password link. */
export function inviteUser(values: UserFormValues): Promise<LinkResult> {
  return apiClient.post<ApiResponse<'/api/users', 'post'>>('/api/users', values);
}
