import { apiClient } from '@/lib/api-client';
import type { UserFormValues, UserRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** `version`: the account's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateUser(id: string, values: UserFormValues, version: string | null = null): Promise<UserRow> {
  return apiClient.put<ApiResponse<'/api/users/{id}', 'put'>>(`/api/users/${encodeURIComponent(id)}`, values, { ifMatch: version });
}
