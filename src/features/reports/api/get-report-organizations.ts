import { apiClient } from '@/lib/api-client';

export interface OrganizationOption {
  id: string;
  name: string;
}

export async function getReportOrganizations(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const answer = await apiClient.get<{ items: OrganizationOption[] }>('/api/reports/prediction/organizations', signal ? { signal } : {});
  return answer.items;
}
