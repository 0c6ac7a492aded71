import type { EmailMeta } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** GET /api/apps/email/meta — unread ids (inbox, spam, per label) and draft ids. */
export function getEmailMeta(signal?: AbortSignal): Promise<EmailMeta> {
  return apiClient.get<ApiResponse<'/api/apps/email/meta', 'get'>>('/api/apps/email/meta', signal ? { signal } : {});
}
