import { apiClient } from '@/lib/api-client';
import { toRuleBody, type RuleFormValues, type RuleRow } from './types';

export function createUrlRestriction(values: RuleFormValues): Promise<RuleRow> {
  return apiClient.post<RuleRow>('/api/url-restrictions', toRuleBody(values), { idempotent: true });
}
