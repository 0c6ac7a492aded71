import { apiClient } from '@/lib/api-client';
import type { UserFormValues, UserRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function updateUser(id: string, values: UserFormValues): Promise<UserRow> {
  return apiClient.put<ApiResponse<'/api/users/{id}', 'put'>>(`/api/users/${encodeURIComponent(id)}`, values);
}
