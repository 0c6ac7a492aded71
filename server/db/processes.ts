import type { ProcessRecord, ProcessRepository } from '../../core/processes';
import { newRecordId } from '../../mirage/record-ids';
import { PROCESS_COLUMNS, PROCESSES, processOf, type ProcessColumns } from './processes-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

export { PROCESSES } from './processes-table';

/**
 * The server's ProcessRepository (core/processes.ts) on the processes' table (processes-table.ts). A report
 * stores its processes whole through the store's writeBatch, in the request's unit of work; reads in a
 * unit of work see its own writes. A unit's running processes are found by processes_by_unit, the ended ones
 * by reason and time by processes_ended (server/migrations/032_processes.sql).
 */

/**
 * An instant the domain compares as ISO text, as a timestamptz bound: the same order for the ISO instants
 * the callers pass; below or above every instant for a text that is none ('' is below all).
 */
function instantBound(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  return iso < '0' ? '-infinity' : 'infinity';
}

export function createSqlProcesses(sql: Queryable, writeBatch: WriteBatch): ProcessRepository {
  const select = async (where: string, values: readonly unknown[]) =>
    (await reader(sql).query<ProcessColumns>(`SELECT ${PROCESS_COLUMNS} FROM processes p ${where}`, [...values])).rows.map(processOf);
  const put = async (rows: readonly ProcessRecord[]) => {
    if (rows.length === 0) return;
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: PROCESSES, put: [...rows], deleted: [] }]);
  };
  return {
    get: async (id) => (storable(id) ? (await select('WHERE p.id = $1', [id]))[0] : undefined),
    running: (unitId) =>
      storable(unitId) ? select(`WHERE p.service_unit_id = $1 AND p.state = 'running'`, [unitId]) : Promise.resolve([]),
    insert: (rows) => put(rows.map((row) => ({ ...row, id: newRecordId() }))),
    put,
    // The unit's row going takes its processes with it (the foreign key); this does the same first. No one
    // waits on a process's change (server/events/hub.ts), so nothing is noted.
    async removeOfUnit(unitId) {
      if (!storable(unitId)) return;
      const { tx } = await writer();
      await tx.query('DELETE FROM processes WHERE service_unit_id = $1', [unitId]);
    },
    async countEnded(reason, sinceIso, unitIds) {
      const units = unitIds === 'all' ? null : unitIds.filter(storable);
      const { rows } = await reader(sql).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM processes
         WHERE state = 'ended' AND ended_reason = $1 AND ended_at >= $2::timestamptz
         AND ($3::text[] IS NULL OR service_unit_id = ANY($3::text[]))`,
        [reason, instantBound(sinceIso), units],
      );
      return Number(rows[0]?.n ?? 0);
    },
    // A process ended without an instant counts as ended before any (the domain compares '' as its instant).
    async pruneExitedBefore(beforeIso) {
      const { tx } = await writer();
      await tx.query(
        `DELETE FROM processes WHERE state = 'ended' AND ended_reason = 'exit'
         AND (ended_at < $1::timestamptz OR (ended_at IS NULL AND $2))`,
        [instantBound(beforeIso), beforeIso !== ''],
      );
    },
  };
}
