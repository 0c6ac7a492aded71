import { apiClient } from '@/lib/api-client';
import { rulesUrl, type ProcessRuleValues, type SavedProcessRule } from './process-rule-types';

export function updateProcessRule(unitId: string, ruleId: string, values: Partial<ProcessRuleValues>): Promise<SavedProcessRule> {
  return apiClient.put<SavedProcessRule>(`${rulesUrl(unitId)}/${encodeURIComponent(ruleId)}`, values);
}
