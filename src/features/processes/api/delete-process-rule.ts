import { apiClient } from '@/lib/api-client';
import { rulesUrl } from './process-rule-types';

export function deleteProcessRule(unitId: string, ruleId: string): Promise<unknown> {
  return apiClient.delete(`${rulesUrl(unitId)}/${encodeURIComponent(ruleId)}`);
}
