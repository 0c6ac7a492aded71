import { apiClient } from '@/lib/api-client';
import type { OrganizationFormValues, OrganizationRow } from './types';

export function createOrganization(values: OrganizationFormValues): Promise<OrganizationRow> {
  return apiClient.post<OrganizationRow>('/api/organizations', values);
}
