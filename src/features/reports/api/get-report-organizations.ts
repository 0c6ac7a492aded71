import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export interface OrganizationOption {
  id: string;
  name: string;
}

export async function getReportOrganizations(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const answer = await apiClient.get<ApiResponse<'/api/reports/prediction/organizations', 'get'>>('/api/reports/prediction/organizations', signal ? { signal } : {});
  return answer.items;
}
