import type { ComposeInput } from '@machines/email/types';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/compose — sends (stored in sent) or saves a draft; answers the id. */
export function composeEmail(body: ComposeInput): Promise<{ id: number }> {
  return apiClient.post<{ id: number }>('/api/apps/email/compose', body, { idempotent: true });
}
