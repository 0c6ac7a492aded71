import { apiClient } from '@/lib/api-client';
import type { OrganizationFormValues, OrganizationRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function createOrganization(values: OrganizationFormValues): Promise<OrganizationRow> {
  return apiClient.post<ApiResponse<'/api/organizations', 'post'>>('/api/organizations', values);
}
