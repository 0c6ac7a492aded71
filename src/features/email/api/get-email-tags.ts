import type { EmailTag } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';

/** GET /api/apps/email/tags */
export function getEmailTags(signal?: AbortSignal): Promise<EmailTag[]> {
  return apiClient.get<EmailTag[]>('/api/apps/email/tags', signal ? { signal } : {});
}
