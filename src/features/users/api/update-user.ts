import { apiClient } from '@/lib/api-client';
import type { UserFormValues, UserRow } from './types';

export function updateUser(id: string, values: UserFormValues): Promise<UserRow> {
  return apiClient.put<UserRow>(`/api/users/${encodeURIComponent(id)}`, values);
}
