import { apiClient } from '@/lib/api-client';
import { toRuleBody, type RuleFormValues, type RuleRow } from './types';
import type { ApiResponse } from '@/lib/api';

export function createUrlRestriction(values: RuleFormValues): Promise<RuleRow> {
  return apiClient.post<ApiResponse<'/api/url-restrictions', 'post'>>('/api/url-restrictions', toRuleBody(values), { idempotent: true });
}
