import type { Email } from '@machines/email/types';
import type { LoadMailsInput } from '@machines/email/mailbox.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** GET /api/apps/email/mails?filter=…&q=… — the view's emails, newest first. */
export function getMails({ filter, query }: LoadMailsInput, signal?: AbortSignal): Promise<Email[]> {
  return apiClient.get<ApiResponse<'/api/apps/email/mails', 'get'>>('/api/apps/email/mails', {
    query: { filter, ...(query ? { q: query } : {}) },
    ...(signal ? { signal } : {}),
  });
}
