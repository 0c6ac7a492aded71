import type { ProcessRuleRecord, ProcessRuleRepository } from '../../core/process-rule-repository';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The process rules in PostgreSQL only: the server's ProcessRuleRepository (core/process-rule-repository.ts).
 * They stay records of `rows` (server/db/records.ts); a unit's are found through the partial index of
 * server/migrations/009_rules.sql. Reads in a unit of work see its own writes.
 */

export const PROCESS_RULES = 'processRules';

export function createSqlProcessRules(sql: Queryable, writeBatch: WriteBatch): ProcessRuleRepository {
  const records = collectionRecords<ProcessRuleRecord>(PROCESS_RULES, writeBatch);
  const ofUnits = async (db: Queryable, unitIds: readonly string[]): Promise<ProcessRuleRecord[]> => {
    const wanted = [...new Set(unitIds)].filter(storable);
    if (wanted.length === 0) return [];
    const { rows } = await db.query<{ data: ProcessRuleRecord }>(
      `SELECT data FROM rows WHERE collection = '${PROCESS_RULES}' AND NOT deleted AND data ->> 'serviceUnitId' = ANY($1::text[])`,
      [wanted],
    );
    return rows.map((row) => row.data);
  };

  return {
    get: (id) => records.get(reader(sql), id),
    ofUnit: (unitId) => ofUnits(reader(sql), [unitId]),
    async ofUnits(unitIds) {
      const found = new Map<string, ProcessRuleRecord[]>();
      for (const rule of await ofUnits(reader(sql), unitIds)) {
        const unitId = String(rule.serviceUnitId);
        found.set(unitId, [...(found.get(unitId) ?? []), rule]);
      }
      return found;
    },
    insert: (rule) => records.putOne({ ...rule, id: newRecordId() }),
    update: records.update,
    remove: (id) => records.remove([id]),
    async removeOfUnit(unitId) {
      const { tx } = await writer();
      await records.remove((await ofUnits(tx, [unitId])).map((rule) => String(rule.id)));
    },
  };
}
