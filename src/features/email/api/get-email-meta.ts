import type { EmailMeta } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';

/** GET /api/apps/email/meta — unread ids (inbox, spam, per label) and draft ids. */
export function getEmailMeta(signal?: AbortSignal): Promise<EmailMeta> {
  return apiClient.get<EmailMeta>('/api/apps/email/meta', signal ? { signal } : {});
}
