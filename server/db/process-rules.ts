import type { ProcessRuleRecord, ProcessRuleRepository } from '../../core/process-rule-repository';
import type { RuleAction } from '../../machines/domain/types';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { noteWritten, reader, writer, writeRows } from './unit-of-work';

/**
 * The process rules in SQL: their table (server/migrations/031_process_rules.sql); how a rule is read from it
 * and written to it; and the server's ProcessRuleRepository (core/process-rule-repository.ts) on it. A
 * repository write runs its statement here, in the request's transaction; reads in a unit of work see its
 * own writes. A unit's rules are found by the index of the constraint that keeps a pattern its unit's own in
 * any case (process_rules_pattern_unique). A rule stored before versions has no version, updatedAt or
 * updatedBy, and reads without them, as the embedded backend keeps it. A unit's deletion takes its rules with
 * it (the foreign key).
 */

/** The process rules' collection, as a change batch names it. */
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

/** Stores rules whole and deletes rules, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeProcessRules(tx: Queryable, put: readonly ProcessRuleRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'process_rules', upsert: UPSERT, record }, put, deleted);
}

export function createSqlProcessRules(sql: Queryable): ProcessRuleRepository {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<ProcessRuleColumns>(`SELECT ${PROCESS_RULE_COLUMNS} FROM process_rules p ${where}`, [...values])).rows.map(
      processRuleOf,
    );
  const ofUnits = (unitIds: readonly string[]): Promise<ProcessRuleRecord[]> => {
    const wanted = [...new Set(unitIds)].filter(storable);
    return wanted.length === 0 ? Promise.resolve([]) : select('WHERE p.service_unit_id = ANY($1::text[])', [wanted]);
  };
  const put = async (rule: ProcessRuleRecord): Promise<ProcessRuleRecord> => {
    await writeRows(PROCESS_RULES, writeProcessRules, [rule]);
    return rule;
  };

  return {
    get: async (id) => (storable(id) ? (await select('WHERE p.id = $1', [id]))[0] : undefined),
    ofUnit: (unitId) => ofUnits([unitId]),
    async ofUnits(unitIds) {
      const found = new Map<string, ProcessRuleRecord[]>();
      for (const rule of await ofUnits(unitIds)) {
        const unitId = String(rule.serviceUnitId);
        found.set(unitId, [...(found.get(unitId) ?? []), rule]);
      }
      return found;
    },
    insert: (rule) => put({ ...rule, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const existing = storable(id) ? (await select('WHERE p.id = $1 FOR UPDATE', [id], tx))[0] : undefined;
      if (!existing) throw new Error(`No process rule ${id}`);
      return put({ ...existing, ...patch });
    },
    async remove(id) {
      if (!storable(id)) return;
      await writeRows(PROCESS_RULES, writeProcessRules, [], [id]);
    },
    // The unit's row going takes its rules with it (the foreign key); this does the same first, and notes them
    // gone, so the commit wakes the agents' held polls as any rule's change does.
    async removeOfUnit(unitId) {
      if (!storable(unitId)) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('DELETE FROM process_rules WHERE service_unit_id = $1 RETURNING id', [unitId]);
      if (rows.length > 0) noteWritten([{ collection: PROCESS_RULES, put: [], deleted: rows.map((row) => row.id) }]);
    },
  };
}
