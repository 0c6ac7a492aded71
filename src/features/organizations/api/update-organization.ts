import { apiClient } from '@/lib/api-client';
import type { OrganizationFormValues, OrganizationRow } from './types';

export function updateOrganization(id: string, values: OrganizationFormValues): Promise<OrganizationRow> {
  return apiClient.put<OrganizationRow>(`/api/organizations/${encodeURIComponent(id)}`, values);
}
