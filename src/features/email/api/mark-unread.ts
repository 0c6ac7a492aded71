import type { MarkUnreadInput } from '@machines/email/email.machine';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/mark-unread — sets the unread flag (false marks read). */
export async function markUnread(body: MarkUnreadInput): Promise<void> {
  await apiClient.post<unknown>('/api/apps/email/mark-unread', body);
}
