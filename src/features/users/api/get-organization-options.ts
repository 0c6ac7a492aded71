import { apiClient } from '@/lib/api-client';
import type { OrganizationOption } from './types';
import type { ApiResponse } from '@/lib/api';

/** Organizations for the filter and the form's picker (id, name, code), at most `limit`. */
export function getOrganizationOptions(signal?: AbortSignal, limit = 2000): Promise<{ items: OrganizationOption[] }> {
  return apiClient.get<ApiResponse<'/api/organizations/options', 'get'>>('/api/organizations/options', { query: { limit }, signal });
}
