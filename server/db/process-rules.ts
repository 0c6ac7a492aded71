import type { ProcessRuleRecord, ProcessRuleRepository } from '../../core/process-rule-repository';
import { newRecordId } from '../../mirage/record-ids';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The process rules in PostgreSQL only: the server's ProcessRuleRepository (core/process-rule-repository.ts).
 * They stay records of `rows` (a write takes a change number through the row store's writeBatch); a unit's
 * are found through the partial index of server/migrations/009_rules.sql. Reads in a unit of work see its
 * own writes.
 */

export const PROCESS_RULES = 'processRules';

/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
const storable = (id: string): boolean => !id.includes('\0');

export function createSqlProcessRules(sql: Queryable, writeBatch: WriteBatch): ProcessRuleRepository {
  const get = async (db: Queryable, id: string): Promise<ProcessRuleRecord | undefined> => {
    if (!storable(id)) return undefined;
    const { rows } = await db.query<{ data: ProcessRuleRecord }>(
      `SELECT data FROM rows WHERE collection = '${PROCESS_RULES}' AND NOT deleted AND id = $1`,
      [id],
    );
    return rows[0]?.data;
  };
  const ofUnits = async (db: Queryable, unitIds: readonly string[]): Promise<ProcessRuleRecord[]> => {
    const wanted = [...new Set(unitIds)].filter(storable);
    if (wanted.length === 0) return [];
    const { rows } = await db.query<{ data: ProcessRuleRecord }>(
      `SELECT data FROM rows WHERE collection = '${PROCESS_RULES}' AND NOT deleted AND data ->> 'serviceUnitId' = ANY($1::text[])`,
      [wanted],
    );
    return rows.map((row) => row.data);
  };
  const put = async (row: ProcessRuleRecord): Promise<ProcessRuleRecord> => {
    const { tx, wrote } = await writer();
    wrote(await writeBatch(tx, [{ collection: PROCESS_RULES, put: [row], deleted: [] }]));
    return row;
  };
  const remove = async (tx: Queryable, wrote: (seq: number | null) => void, ids: string[]) => {
    if (ids.length > 0) wrote(await writeBatch(tx, [{ collection: PROCESS_RULES, put: [], deleted: ids }]));
  };

  return {
    get: (id) => get(reader(sql), id),
    ofUnit: (unitId) => ofUnits(reader(sql), [unitId]),
    async ofUnits(unitIds) {
      const found = new Map<string, ProcessRuleRecord[]>();
      for (const rule of await ofUnits(reader(sql), unitIds)) {
        const unitId = String(rule.serviceUnitId);
        found.set(unitId, [...(found.get(unitId) ?? []), rule]);
      }
      return found;
    },
    insert: (rule) => put({ ...rule, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const existing = await get(tx, id);
      if (!existing) throw new Error(`No process rule ${id}`);
      return put({ ...existing, ...patch });
    },
    async remove(id) {
      const { tx, wrote } = await writer();
      await remove(tx, wrote, (await get(tx, id)) ? [id] : []);
    },
    async removeOfUnit(unitId) {
      const { tx, wrote } = await writer();
      await remove(
        tx,
        wrote,
        (await ofUnits(tx, [unitId])).map((rule) => String(rule.id)),
      );
    },
  };
}
