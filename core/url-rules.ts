import type { UrlRestriction, UrlMatchType, UrlRuleScope } from '../machines/domain/types';
import { idSortKey, textSortKey, type ListQuery, type ListSpec } from './list-query';
import type { OrganizationScope } from './service-unit-list';

/**
 * The URL rules behind one async repository: every rule of their domain (the list, a rule, the duplicate
 * check, writes, a unit's agent config, the dashboard's count, a unit's deletion) reads and writes them
 * through it. The embedded backend's is the rows in memory (mirage/domains/url-restrictions.ts); the
 * server's is PostgreSQL (server/db/url-rules.ts), so no server process holds them in memory. Both list by
 * urlRuleListEntry's keys compared by code point, so they answer the same ids in the same order.
 */

export type UrlRuleRecord = UrlRestriction;
export type NewUrlRule = Omit<UrlRuleRecord, 'id'>;
export type UrlRulePatch = Partial<Omit<UrlRuleRecord, 'id' | 'organizationId' | 'createdAt'>>;

export interface UrlRuleRepository {
  /** One page of the query in scope, with the total. */
  list(query: ListQuery, scope: OrganizationScope): Promise<{ rows: Readonly<UrlRuleRecord>[]; total: number }>;
  /** Every rule in scope, in no particular order (the browser's matcher decides over them). */
  all(scope: OrganizationScope): Promise<Readonly<UrlRuleRecord>[]>;
  get(id: string): Promise<Readonly<UrlRuleRecord> | undefined>;
  /** Whether another rule of the organization has this duplicateKey (`exceptId`: the rule being changed). */
  hasDuplicate(organizationId: string, key: string, exceptId?: string): Promise<boolean>;
  insert(rule: NewUrlRule): Promise<Readonly<UrlRuleRecord>>;
  update(id: string, patch: UrlRulePatch): Promise<Readonly<UrlRuleRecord>>;
  remove(id: string): Promise<void>;
  /** The enabled rules of the organization that apply to the unit (every "all units" rule and those naming it). */
  enabledForUnit(organizationId: string, unitId: string): Promise<Readonly<UrlRuleRecord>[]>;
  /** How many rules in scope are enabled (the dashboard). */
  countEnabled(scope: OrganizationScope): Promise<number>;
  /** The unit is being deleted: rules scoped to it forget it (and keep their other units). */
  forgetUnit(unitId: string): Promise<void>;
}

/** What makes two rules of an organization the same rule: type, pattern (any case) and the units they apply to. */
export function duplicateKey(rule: { matchType: UrlMatchType; pattern: string; scope: UrlRuleScope }): string {
  const scope = rule.scope.kind === 'all' ? 'all' : [...rule.scope.unitIds].map(String).sort().join(',');
  return `${rule.matchType}\n${rule.pattern.toLowerCase()}\n${scope}`;
}

/** Whether a rule applies to the unit: a rule for all units, or one naming it. */
export const appliesToUnit = (rule: Pick<UrlRuleRecord, 'scope'>, unitId: string): boolean =>
  rule.scope.kind === 'all' || rule.scope.unitIds.map(String).includes(unitId);

/** The query of GET /api/url-restrictions: its sorts, filters and search, as both stores run them. */
export const URL_RULE_LIST_SPEC: ListSpec<UrlRuleRecord> = {
  sortBy: {
    pattern: (r) => r.pattern,
    matchType: (r) => r.matchType,
    action: (r) => r.action,
    enabled: (r) => (r.enabled ? 0 : 1),
    updatedAt: (r) => r.updatedAt,
    createdAt: (r) => r.createdAt,
  },
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: {
    action: (r, values) => values.includes(r.action),
    matchType: (r, values) => values.includes(r.matchType),
    enabled: (r, values) => values.includes(r.enabled ? 'true' : 'false'),
    // Rules that apply to a unit: every "all units" rule plus the ones naming it.
    unit: (r, values) => values.some((id) => appliesToUnit(r, id)),
  },
  searchIn: (r) => [r.pattern, r.reason, r.updatedBy],
  maxPageSize: 100,
};

/** Columns sorted by their text (textSortKey); `enabled` sorts by number (enabled first). */
export const URL_RULE_TEXT_SORTS = ['pattern', 'matchType', 'action', 'updatedAt', 'createdAt'] as const;
export type UrlRuleTextSort = (typeof URL_RULE_TEXT_SORTS)[number];

/** Raise with any change to urlRuleListEntry or the sort keys: a store that keeps entries fills them again. */
export const URL_RULE_LIST_VERSION = 1;

/** A rule as the list sees it: what every store sorts, filters and searches by. */
export interface UrlRuleListEntry {
  id: string;
  organizationId: string;
  idKey: string;
  keys: Record<UrlRuleTextSort, string>;
  /** 0 enabled, 1 disabled (URL_RULE_LIST_SPEC's `enabled` sort). */
  enabledKey: number;
  enabled: boolean;
  action: string;
  matchType: string;
  /** null: all units; else the units it names. */
  unitIds: string[] | null;
  duplicateKey: string;
  /** The texts a search looks in, lower-cased. */
  search: string[];
}

export function urlRuleListEntry(rule: UrlRuleRecord): UrlRuleListEntry {
  const text = (sort: UrlRuleTextSort) => {
    const value = URL_RULE_LIST_SPEC.sortBy[sort]?.(rule);
    return textSortKey(String(value));
  };
  return {
    id: String(rule.id),
    organizationId: String(rule.organizationId),
    idKey: idSortKey(rule.id),
    keys: {
      pattern: text('pattern'),
      matchType: text('matchType'),
      action: text('action'),
      updatedAt: text('updatedAt'),
      createdAt: text('createdAt'),
    },
    enabledKey: rule.enabled ? 0 : 1,
    enabled: rule.enabled,
    action: rule.action,
    matchType: rule.matchType,
    unitIds: rule.scope.kind === 'all' ? null : rule.scope.unitIds.map(String),
    duplicateKey: duplicateKey(rule),
    search: (URL_RULE_LIST_SPEC.searchIn?.(rule) ?? []).map((value) => value.toLowerCase()),
  };
}

/** Whether the organization is in scope. */
export const inOrganizationScope = (scope: OrganizationScope, organizationId: string | number): boolean =>
  scope === 'all' || scope.includes(String(organizationId));
