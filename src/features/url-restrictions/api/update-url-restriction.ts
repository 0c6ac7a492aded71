import { apiClient } from '@/lib/api-client';
import { toRuleBody, type RuleFormValues, type RuleRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function updateUrlRestriction(id: string, values: RuleFormValues): Promise<RuleRow> {
  return apiClient.put<ApiResponse<'/api/url-restrictions/{id}', 'put'>>(
    `/api/url-restrictions/${encodeURIComponent(id)}`,
    toRuleBody(values),
  );
}
