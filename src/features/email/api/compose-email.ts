import type { ComposeInput } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** POST /api/apps/email/compose — sends (stored in sent) or saves a draft; answers the id. */
export function composeEmail(body: ComposeInput): Promise<{ id: number }> {
  return apiClient.post<ApiResponse<'/api/apps/email/compose', 'post'>>('/api/apps/email/compose', body, { idempotent: true });
}
