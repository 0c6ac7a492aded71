import type { MoveMailsInput } from '@machines/email/email.machine';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/move-mails */
export async function moveMails(body: MoveMailsInput): Promise<void> {
  await apiClient.post<unknown>('/api/apps/email/move-mails', body);
}
