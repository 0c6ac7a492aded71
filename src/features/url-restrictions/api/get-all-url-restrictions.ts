import { apiClient } from '@/lib/api-client';
import type { RuleRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** Every rule of the organization, for the URL tester. */
export async function getAllUrlRestrictions(): Promise<RuleRow[]> {
  const { items } = await apiClient.get<ApiResponse<'/api/url-restrictions/all', 'get'>>('/api/url-restrictions/all');
  return items;
}
