import { apiClient } from '@/lib/api-client';
import { rulesUrl, type ProcessRuleValues, type SavedProcessRule } from './process-rule-types';

/** `version`: the rule's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateProcessRule(
  unitId: string,
  ruleId: string,
  values: Partial<ProcessRuleValues>,
  version: string | null = null,
): Promise<SavedProcessRule> {
  return apiClient.put<SavedProcessRule>(`${rulesUrl(unitId)}/${encodeURIComponent(ruleId)}`, values, { ifMatch: version });
}
