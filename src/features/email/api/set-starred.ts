import type { SetStarredInput } from '@machines/email/email.machine';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/set-starred */
export async function setStarred(body: SetStarredInput): Promise<void> {
  await apiClient.post<unknown>('/api/apps/email/set-starred', body);
}
