import { apiClient } from '@/lib/api-client';
import type { OrganizationFormValues, OrganizationRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function updateOrganization(id: string, values: OrganizationFormValues): Promise<OrganizationRow> {
  return apiClient.put<ApiResponse<'/api/organizations/{id}', 'put'>>(`/api/organizations/${encodeURIComponent(id)}`, values);
}
