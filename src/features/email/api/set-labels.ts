import type { SetLabelsInput } from '@machines/email/email.machine';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/set-labels — replaces the labels of one email. */
export async function setLabels(body: SetLabelsInput): Promise<void> {
  await apiClient.post<unknown>('/api/apps/email/set-labels', body);
}
