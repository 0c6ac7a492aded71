import type { PasswordValues } from '@machines/profile/types';
import { apiClient } from '@/lib/api-client';

export async function changePassword(values: PasswordValues): Promise<null> {
  await apiClient.post<unknown>('/api/me/password', values);
  return null;
}
