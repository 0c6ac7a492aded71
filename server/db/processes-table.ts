import type { ProcessRecord } from '../../core/processes';
import { storeWhole, upsertStatement } from './entity-table';
import { isoText, type Queryable } from './sql';

/**
 * The processes' table (server/migrations/032_processes.sql): how a process is read from it and written to
 * it. A unit's deletion takes its processes with it (the foreign key).
 */

/** The processes' collection, as the store's writeBatch names it. */
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

/** Stores processes whole and deletes processes, in the caller's transaction (the store's writeBatch). */
export async function writeProcesses(tx: Queryable, put: readonly ProcessRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'processes', upsert: UPSERT, record }, put, deleted);
}
