import { apiClient } from '@/lib/api-client';
import type { OrganizationFormValues, OrganizationRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** `version`: the organization's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateOrganization(id: string, values: OrganizationFormValues, version: string | null = null): Promise<OrganizationRow> {
  return apiClient.put<ApiResponse<'/api/organizations/{id}', 'put'>>(`/api/organizations/${encodeURIComponent(id)}`, values, {
    ifMatch: version,
  });
}
