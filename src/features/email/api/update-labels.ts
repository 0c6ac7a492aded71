import type { UpdateLabelsInput } from '@machines/email/email.machine';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/email/update-labels — toggles the label on each email. */
export async function updateLabels(body: UpdateLabelsInput): Promise<void> {
  await apiClient.post<unknown>('/api/apps/email/update-labels', body);
}
