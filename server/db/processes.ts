import type { ProcessRecord, ProcessRepository } from '../../core/processes';
import { newRecordId } from '../../mirage/record-ids';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The processes in PostgreSQL only: the server's ProcessRepository (core/processes.ts). They stay records of
 * `rows` (a write takes a change number through the row store's writeBatch); a unit's are found through
 * the partial index of server/migrations/008_processes.sql. Reads in a unit of work see its own writes.
 */

export const PROCESSES = 'processes';

/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
const storable = (id: string): boolean => !id.includes('\0');

export function createSqlProcesses(sql: Queryable, writeBatch: WriteBatch): ProcessRepository {
  const put = async (rows: readonly ProcessRecord[]) => {
    if (rows.length === 0) return;
    const { tx, wrote } = await writer();
    wrote(await writeBatch(tx, [{ collection: PROCESSES, put: [...rows], deleted: [] }]));
  };
  const remove = async (tx: Queryable, wrote: (seq: number | null) => void, ids: string[]) => {
    if (ids.length > 0) wrote(await writeBatch(tx, [{ collection: PROCESSES, put: [], deleted: ids }]));
  };
  return {
    async get(id) {
      if (!storable(id)) return undefined;
      const { rows } = await reader(sql).query<{ data: ProcessRecord }>(
        `SELECT data FROM rows WHERE collection = '${PROCESSES}' AND NOT deleted AND id = $1`,
        [id],
      );
      return rows[0]?.data;
    },
    async running(unitId) {
      if (!storable(unitId)) return [];
      const { rows } = await reader(sql).query<{ data: ProcessRecord }>(
        `SELECT data FROM rows WHERE collection = '${PROCESSES}' AND NOT deleted
         AND data ->> 'serviceUnitId' = $1 AND data ->> 'state' = 'running'`,
        [unitId],
      );
      return rows.map((row) => row.data);
    },
    insert: (rows) => put(rows.map((row) => ({ ...row, id: newRecordId() }))),
    put,
    async removeOfUnit(unitId) {
      if (!storable(unitId)) return;
      const { tx, wrote } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${PROCESSES}' AND NOT deleted AND data ->> 'serviceUnitId' = $1`,
        [unitId],
      );
      await remove(
        tx,
        wrote,
        rows.map((row) => row.id),
      );
    },
    async countEnded(reason, sinceIso, unitIds) {
      const units = unitIds === 'all' ? null : unitIds.filter(storable);
      const { rows } = await reader(sql).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rows WHERE collection = '${PROCESSES}' AND NOT deleted
         AND data ->> 'endedReason' = $1 AND data ->> 'endedAt' >= $2 COLLATE "C"
         AND ($3::text[] IS NULL OR data ->> 'serviceUnitId' = ANY($3::text[]))`,
        [reason, sinceIso, units],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async pruneExitedBefore(beforeIso) {
      const { tx, wrote } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${PROCESSES}' AND NOT deleted
         AND data ->> 'state' = 'ended' AND data ->> 'endedReason' = 'exit' AND coalesce(data ->> 'endedAt', '') < $1 COLLATE "C"`,
        [beforeIso],
      );
      await remove(
        tx,
        wrote,
        rows.map((row) => row.id),
      );
    },
  };
}
