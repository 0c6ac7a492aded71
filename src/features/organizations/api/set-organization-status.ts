import { apiClient } from '@/lib/api-client';
import type { OrganizationRow, StatusAction } from './types';

/** Suspend, reactivate or archive one organization, with the admin's reason. */
export function setOrganizationStatus(id: string, action: StatusAction, reason: string): Promise<OrganizationRow> {
  return apiClient.post<OrganizationRow>(`/api/organizations/${encodeURIComponent(id)}/${action}`, { reason });
}
