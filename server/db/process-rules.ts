import type { ProcessRuleRecord, ProcessRuleRepository } from '../../core/process-rule-repository';
import { newRecordId } from '../../mirage/record-ids';
import { PROCESS_RULE_COLUMNS, PROCESS_RULES, processRuleOf, type ProcessRuleColumns } from './process-rule-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { noteWritten, reader, writer, type WriteBatch } from './unit-of-work';

export { PROCESS_RULES } from './process-rule-table';

/**
 * The server's ProcessRuleRepository (core/process-rule-repository.ts) on the process rules' table
 * (process-rule-table.ts). A write stores a rule whole through the store's writeBatch, in the request's
 * unit of work; reads in a unit of work see its own writes. A unit's rules are found by the index of the
 * constraint that keeps a pattern its unit's own in any case (process_rules_pattern_unique).
 */

export function createSqlProcessRules(sql: Queryable, writeBatch: WriteBatch): ProcessRuleRepository {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<ProcessRuleColumns>(`SELECT ${PROCESS_RULE_COLUMNS} FROM process_rules p ${where}`, [...values])).rows.map(
      processRuleOf,
    );
  const ofUnits = (unitIds: readonly string[]): Promise<ProcessRuleRecord[]> => {
    const wanted = [...new Set(unitIds)].filter(storable);
    return wanted.length === 0 ? Promise.resolve([]) : select('WHERE p.service_unit_id = ANY($1::text[])', [wanted]);
  };
  const put = async (rule: ProcessRuleRecord): Promise<ProcessRuleRecord> => {
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: PROCESS_RULES, put: [rule], deleted: [] }]);
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
      const { tx } = await writer();
      await writeBatch(tx, [{ collection: PROCESS_RULES, put: [], deleted: [id] }]);
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
