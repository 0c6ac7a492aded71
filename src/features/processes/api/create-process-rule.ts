import { apiClient } from '@/lib/api-client';
import { rulesUrl, type ProcessRuleValues, type SavedProcessRule } from './process-rule-types';

export function createProcessRule(unitId: string, values: ProcessRuleValues): Promise<SavedProcessRule> {
  return apiClient.post<SavedProcessRule>(rulesUrl(unitId), values, { idempotent: true });
}
