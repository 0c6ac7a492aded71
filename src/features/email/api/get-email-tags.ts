import type { EmailTag } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** GET /api/apps/email/tags */
export function getEmailTags(signal?: AbortSignal): Promise<EmailTag[]> {
  return apiClient.get<ApiResponse<'/api/apps/email/tags', 'get'>>('/api/apps/email/tags', signal ? { signal } : {});
}
