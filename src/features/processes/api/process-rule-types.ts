import type { ApiSchema } from '@/lib/api';

/** A rule's editable fields (the contract's `ProcessRuleInput`, all of them). */
export type ProcessRuleValues = Required<ApiSchema<'ProcessRuleInput'>>;

/** What a save answers: the rule and the processes it ended at once (the contract's `SavedProcessRule`). */
export type SavedProcessRule = ApiSchema<'SavedProcessRule'>;

export const rulesUrl = (unitId: string) => `/api/service-units/${encodeURIComponent(unitId)}/process-rules`;
