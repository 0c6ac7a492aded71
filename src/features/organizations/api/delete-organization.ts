import { apiClient } from '@/lib/api-client';

/** Refused with 409 (and a message that says why) while the organization has users or units. */
export function deleteOrganization(id: string): Promise<unknown> {
  return apiClient.delete(`/api/organizations/${encodeURIComponent(id)}`);
}
