import { apiClient } from '@/lib/api-client';
import { toRuleBody, type RuleFormValues, type RuleRow } from './types';

export function updateUrlRestriction(id: string, values: RuleFormValues): Promise<RuleRow> {
  return apiClient.put<RuleRow>(`/api/url-restrictions/${encodeURIComponent(id)}`, toRuleBody(values));
}
