import type { ProcessRuleRecord } from '../../core/process-rule-repository';
import type { RuleAction } from '../../machines/domain/types';
import { storeWhole, upsertStatement } from './entity-table';
import { isoText, type Queryable } from './sql';

/**
 * The process rules' table (server/migrations/031_process_rules.sql): how a rule is read from it and written
 * to it. A rule stored before versions has no version, updatedAt or updatedBy, and reads without them, as
 * the embedded backend keeps it. A unit's deletion takes its rules with it (the foreign key).
 */

/** The process rules' collection, as the store's writeBatch names it. */
export const PROCESS_RULES = 'processRules';

/** A rule, as columns (alias `p`). */
export const PROCESS_RULE_COLUMNS = `p.id, p.service_unit_id, p.pattern, p.action, p.enabled, p.comment,
  ${isoText('p.created_at')} AS created_at, p.version, ${isoText('p.updated_at')} AS updated_at, p.updated_by`;

export interface ProcessRuleColumns {
  id: string;
  service_unit_id: string;
  pattern: string;
  action: RuleAction;
  enabled: boolean;
  comment: string;
  created_at: string;
  version: number | null;
  updated_at: string | null;
  updated_by: string | null;
}

/** A rule as the domain reads it: the fields it has, none it lacks. */
export const processRuleOf = (row: ProcessRuleColumns): ProcessRuleRecord => ({
  id: row.id,
  serviceUnitId: row.service_unit_id,
  pattern: row.pattern,
  action: row.action,
  enabled: row.enabled,
  comment: row.comment,
  createdAt: row.created_at,
  ...(row.version !== null ? { version: Number(row.version) } : {}),
  ...(row.updated_at !== null ? { updatedAt: row.updated_at } : {}),
  ...(row.updated_by !== null ? { updatedBy: row.updated_by } : {}),
});

const TYPES: Record<string, string> = {
  id: 'text',
  service_unit_id: 'text',
  pattern: 'text',
  action: 'text',
  enabled: 'boolean',
  comment: 'text',
  created_at: 'timestamptz',
  version: 'integer',
  updated_at: 'timestamptz',
  updated_by: 'text',
  pattern_lower: 'text',
};

const instant = (value: string | undefined): string | null =>
  typeof value !== 'string' || Number.isNaN(Date.parse(value)) ? null : new Date(value).toISOString();

const record = (rule: ProcessRuleRecord): Record<string, unknown> => ({
  id: String(rule.id),
  service_unit_id: String(rule.serviceUnitId),
  pattern: rule.pattern,
  action: rule.action,
  enabled: rule.enabled,
  comment: rule.comment,
  created_at: instant(rule.createdAt) ?? new Date(0).toISOString(),
  version: rule.version ?? null,
  updated_at: instant(rule.updatedAt),
  updated_by: rule.updatedBy ?? null,
  // The duplicate check's lower-casing (mirage/domains/processes.ts): a pattern is its unit's own in any case.
  pattern_lower: rule.pattern.toLowerCase(),
});

const UPSERT = upsertStatement('process_rules', 'id', TYPES);

/** Stores rules whole and deletes rules, in the caller's transaction (the store's writeBatch). */
export async function writeProcessRules(tx: Queryable, put: readonly ProcessRuleRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'process_rules', upsert: UPSERT, record }, put, deleted);
}
