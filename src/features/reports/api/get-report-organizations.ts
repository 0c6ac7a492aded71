import { apiClient } from '@/lib/api-client';
import type { ApiResponse, ApiSchema } from '@/lib/api';

export type OrganizationOption = ApiSchema<'NamedId'>;

export async function getReportOrganizations(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const answer = await apiClient.get<ApiResponse<'/api/reports/prediction/organizations', 'get'>>(
    '/api/reports/prediction/organizations',
    signal ? { signal } : {},
  );
  return answer.items;
}
