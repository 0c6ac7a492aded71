import type { RuleAction, UrlMatchType, UrlRestriction, Weekday } from '@machines/domain/types';
import type { ApiRequest, ApiSchema } from '@/lib/api';

/** A URL rule as the API answers it (the contract's `UrlRestriction`). */
export type RuleRow = ApiSchema<'UrlRestriction'>;

/** The editor's values: scope and schedule flattened into fields a form can hold. */
export interface RuleFormValues {
  pattern: string;
  matchType: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  scopeKind: 'all' | 'units';
  unitIds: string[];
  scheduleKind: 'always' | 'window';
  days: string[];
  from: string;
  to: string;
  reason: string;
}

export const EMPTY_RULE: RuleFormValues = {
  pattern: '',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  scopeKind: 'all',
  unitIds: [],
  scheduleKind: 'always',
  days: ['1', '2', '3', '4', '5'],
  from: '08:00',
  to: '18:00',
  reason: '',
};

export function toRuleValues(rule: UrlRestriction): RuleFormValues {
  return {
    pattern: rule.pattern,
    matchType: rule.matchType,
    action: rule.action,
    enabled: rule.enabled,
    scopeKind: rule.scope.kind,
    unitIds: rule.scope.kind === 'units' ? [...rule.scope.unitIds] : [],
    scheduleKind: rule.schedule.kind,
    days: rule.schedule.kind === 'window' ? rule.schedule.days.map(String) : EMPTY_RULE.days,
    from: rule.schedule.kind === 'window' ? rule.schedule.from : EMPTY_RULE.from,
    to: rule.schedule.kind === 'window' ? rule.schedule.to : EMPTY_RULE.to,
    reason: rule.reason,
  };
}

/** The API body for the form's values. */
export function toRuleBody(values: RuleFormValues): ApiRequest<'/api/url-restrictions', 'post'> {
  return {
    pattern: values.pattern.trim(),
    matchType: values.matchType,
    action: values.action,
    enabled: values.enabled,
    scope: values.scopeKind === 'all' ? { kind: 'all' as const } : { kind: 'units' as const, unitIds: values.unitIds },
    schedule:
      values.scheduleKind === 'always'
        ? { kind: 'always' as const }
        : { kind: 'window' as const, days: values.days.map(Number).sort() as Weekday[], from: values.from, to: values.to },
    reason: values.reason.trim(),
  };
}
