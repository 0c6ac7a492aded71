import { apiClient } from '@/lib/api-client';
import type { RuleRow } from './types';

/** Every rule of the organization, for the URL tester. */
export async function getAllUrlRestrictions(): Promise<RuleRow[]> {
  const { items } = await apiClient.get<{ items: RuleRow[] }>('/api/url-restrictions/all');
  return items;
}
