import type { ProcessRule, RuleAction } from '@machines/domain/types';

export interface ProcessRuleValues {
  pattern: string;
  action: RuleAction;
  enabled: boolean;
  comment: string;
}

export type SavedProcessRule = ProcessRule & { endedProcessIds: string[] };

export const rulesUrl = (unitId: string) => `/api/service-units/${encodeURIComponent(unitId)}/process-rules`;
