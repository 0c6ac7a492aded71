import type { Page, ProcessRule } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import { rulesUrl } from './process-rule-types';

export function getProcessRules(unitId: string, signal?: AbortSignal): Promise<Page<ProcessRule>> {
  return apiClient.get<Page<ProcessRule>>(rulesUrl(unitId), signal ? { signal } : {});
}
