import type { Email } from '@machines/email/types';
import type { LoadMailsInput } from '@machines/email/mailbox.machine';
import { apiClient } from '@/lib/api-client';

/** GET /api/apps/email/mails?filter=…&q=… — the view's emails, newest first. */
export function getMails({ filter, query }: LoadMailsInput, signal?: AbortSignal): Promise<Email[]> {
  return apiClient.get<Email[]>('/api/apps/email/mails', { query: { filter, ...(query ? { q: query } : {}) }, ...(signal ? { signal } : {}) });
}
