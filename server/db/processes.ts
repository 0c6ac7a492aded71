import type { ProcessRecord, ProcessRepository } from '../../core/processes';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The processes in SQL: their table (server/migrations/032_processes.sql); how a process is read from it and
 * written to it; and the server's ProcessRepository (core/processes.ts) on it. A report stores its processes
 * whole in the request's transaction; reads in a unit of work see its own writes. A unit's running processes
 * are found by processes_by_unit, the ended ones by reason and time by processes_ended. A unit's deletion
 * takes its processes with it (the foreign key).
 */

/** The processes' collection, as a change batch names it. */
export const PROCESSES = 'processes';

/** A process, as columns (alias `p`). */
export const PROCESS_COLUMNS = `p.id, p.service_unit_id, p.name, p.pid, p.user_name, p.cpu_percent, p.memory_mb,
  ${isoText('p.started_at')} AS started_at, p.state, ${isoText('p.ended_at')} AS ended_at, p.ended_reason`;

export interface ProcessColumns {
  id: string;
  service_unit_id: string;
  name: string;
  pid: number | string;
  user_name: string;
  cpu_percent: number;
  memory_mb: number;
  started_at: string;
  state: ProcessRecord['state'];
  ended_at: string | null;
  ended_reason: ProcessRecord['endedReason'];
}

/** A process as the domain reads it. */
export const processOf = (row: ProcessColumns): ProcessRecord => ({
  id: row.id,
  serviceUnitId: row.service_unit_id,
  name: row.name,
  // bigint: a number from pg's parser, maybe a bigint or text from another driver.
  pid: Number(row.pid),
  user: row.user_name,
  cpuPercent: Number(row.cpu_percent),
  memoryMb: Number(row.memory_mb),
  startedAt: row.started_at,
  state: row.state,
  endedAt: row.ended_at,
  endedReason: row.ended_reason,
});

const TYPES: Record<string, string> = {
  id: 'text',
  service_unit_id: 'text',
  name: 'text',
  pid: 'bigint',
  user_name: 'text',
  cpu_percent: 'double precision',
  memory_mb: 'double precision',
  started_at: 'timestamptz',
  state: 'text',
  ended_at: 'timestamptz',
  ended_reason: 'text',
};

const record = (process: ProcessRecord): Record<string, unknown> => ({
  id: String(process.id),
  service_unit_id: String(process.serviceUnitId),
  name: process.name,
  pid: process.pid,
  user_name: process.user,
  cpu_percent: process.cpuPercent,
  memory_mb: process.memoryMb,
  started_at: process.startedAt,
  state: process.state,
  ended_at: process.endedAt,
  ended_reason: process.endedReason,
});

const UPSERT = upsertStatement('processes', 'id', TYPES);

/** Stores processes whole and deletes processes, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeProcesses(tx: Queryable, put: readonly ProcessRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'processes', upsert: UPSERT, record }, put, deleted);
}

/**
 * An instant the domain compares as ISO text, as a timestamptz bound: the same order for the ISO instants
 * the callers pass; below or above every instant for a text that is none ('' is below all).
 */
function instantBound(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  return iso < '0' ? '-infinity' : 'infinity';
}

export function createSqlProcesses(sql: Queryable): ProcessRepository {
  const select = async (where: string, values: readonly unknown[]) =>
    (await reader(sql).query<ProcessColumns>(`SELECT ${PROCESS_COLUMNS} FROM processes p ${where}`, [...values])).rows.map(processOf);
  const put = async (rows: readonly ProcessRecord[]) => {
    if (rows.length > 0) await writeRows(PROCESSES, writeProcesses, rows);
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
