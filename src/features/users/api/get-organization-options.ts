import { apiClient } from '@/lib/api-client';
import type { OrganizationOption } from './types';

/** Organizations for the filter and the form's picker (id, name, code), at most `limit`. */
export function getOrganizationOptions(signal?: AbortSignal, limit = 2000): Promise<{ items: OrganizationOption[] }> {
  return apiClient.get<{ items: OrganizationOption[] }>('/api/organizations/options', { query: { limit }, signal });
}
