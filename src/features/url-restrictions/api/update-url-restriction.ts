import { apiClient } from '@/lib/api-client';
import { toRuleBody, type RuleFormValues, type RuleRow } from './types';
import type { ApiResponse } from '@/lib/api';

/** `version`: the rule's ETag as the form read it; a change made meanwhile is refused (412 changedElsewhere). */
export function updateUrlRestriction(id: string, values: RuleFormValues, version: string | null = null): Promise<RuleRow> {
  return apiClient.put<ApiResponse<'/api/url-restrictions/{id}', 'put'>>(
    `/api/url-restrictions/${encodeURIComponent(id)}`,
    toRuleBody(values),
    { ifMatch: version },
  );
}
