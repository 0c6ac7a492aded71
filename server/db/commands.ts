import type { CommandRecord, CommandRepository } from '../../core/commands';
import { COMMANDS } from '../../mirage/commands';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import { isoText, prepared, type Prepared, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The agents' commands in SQL: their table (server/migrations/037_commands.sql); how a command is read from it
 * and written to it; and the server's CommandRepository (core/commands.ts) on it. A write stores commands whole
 * in the request's transaction and notes them, so its commit wakes the long poll of the unit's agent, here and
 * on other instances (server/events/hub.ts). A unit's are found by commands_by_unit, the ones not fetched yet
 * by commands_pending. A unit's deletion takes its commands with it (the foreign key).
 */

/** A command, as columns (alias `c`). */
export const COMMAND_COLUMNS = `c.id, c.service_unit_id, c.organization_id, c.kind, c.status, c.process_id, c.pid,
  c.capture_request_id, ${isoText('c.issued_at')} AS issued_at, c.issued_by, ${isoText('c.finished_at')} AS finished_at, c.message`;

/** core's order (compareIssued): as issued, ids breaking ties in JavaScript's string order. */
export const ISSUED_ORDER = 'ORDER BY c.issued_at, c.id COLLATE "C"';

export interface CommandColumns {
  id: string;
  service_unit_id: string;
  organization_id: string;
  kind: CommandRecord['kind'];
  status: CommandRecord['status'];
  process_id: string | null;
  pid: number | string | null;
  capture_request_id: string | null;
  issued_at: string;
  issued_by: string;
  finished_at: string | null;
  message: string | null;
}

/** A command as the domain reads it. */
export const commandOf = (row: CommandColumns): CommandRecord => ({
  id: row.id,
  serviceUnitId: row.service_unit_id,
  organizationId: row.organization_id,
  kind: row.kind,
  status: row.status,
  processId: row.process_id,
  // bigint: a number from pg's parser, maybe text from another driver.
  pid: row.pid === null ? null : Number(row.pid),
  captureRequestId: row.capture_request_id,
  issuedAt: row.issued_at,
  issuedBy: row.issued_by,
  finishedAt: row.finished_at,
  message: row.message,
});

const TYPES: Record<string, string> = {
  id: 'text',
  service_unit_id: 'text',
  organization_id: 'text',
  kind: 'text',
  status: 'text',
  process_id: 'text',
  pid: 'bigint',
  capture_request_id: 'text',
  issued_at: 'timestamptz',
  issued_by: 'text',
  finished_at: 'timestamptz',
  message: 'text',
};

const idText = (id: string | number | null): string | null => (id === null ? null : String(id));

const record = (command: CommandRecord): Record<string, unknown> => ({
  id: String(command.id),
  service_unit_id: String(command.serviceUnitId),
  organization_id: String(command.organizationId),
  kind: command.kind,
  status: command.status,
  process_id: idText(command.processId),
  pid: command.pid,
  capture_request_id: idText(command.captureRequestId),
  issued_at: command.issuedAt,
  issued_by: String(command.issuedBy),
  finished_at: command.finishedAt,
  message: command.message,
});

const UPSERT = upsertStatement('commands', 'id', TYPES);

/** Stores commands whole and deletes commands, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeCommands(tx: Queryable, put: readonly CommandRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'commands', upsert: UPSERT, record }, put, deleted);
}

export { COMMANDS };

/**
 * An instant the domain compares as ISO text, as a timestamptz bound: the same order for the ISO instants the
 * callers pass; below or above every instant for a text that is none ('' is below all).
 */
function instantBound(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  return iso < '0' ? '-infinity' : 'infinity';
}

// Every heartbeat asks for its unit's pending commands.
const PENDING_OF_UNIT = prepared(
  `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE c.service_unit_id = $1 AND c.status = 'pending' ${ISSUED_ORDER}`,
);

export function createSqlCommands(sql: Queryable): CommandRepository {
  const select = async (db: Queryable, where: string | Prepared, values: readonly unknown[]) =>
    (
      await db.query<CommandColumns>(
        typeof where === 'string' ? `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE ${where} ${ISSUED_ORDER}` : where,
        [...values],
      )
    ).rows.map(commandOf);
  const store = async (put: CommandRecord[], deleted: string[]) => {
    if (put.length === 0 && deleted.length === 0) return;
    await writeRows(COMMANDS, writeCommands, put, deleted);
  };
  const ofUnit = (db: Queryable, unitId: string, statuses: readonly string[] | null) =>
    storable(unitId)
      ? select(db, 'c.service_unit_id = $1 AND ($2::text[] IS NULL OR c.status = ANY($2::text[]))', [unitId, statuses])
      : Promise.resolve([]);

  return {
    get: async (id) => (storable(id) ? (await select(reader(sql), 'c.id = $1', [id]))[0] : undefined),
    async insert(command) {
      const stored = { ...command, id: newRecordId() };
      await store([stored], []);
      return stored;
    },
    unfinishedOf: (unitId) => ofUnit(reader(sql), unitId, ['pending', 'sent']),
    // The partial index commands_pending answers this one: its predicate is the query's.
    pendingOf: (unitId) => (storable(unitId) ? select(reader(sql), PENDING_OF_UNIT, [unitId]) : Promise.resolve([])),
    async unitsWithPending() {
      const { rows } = await reader(sql).query<{ unit: string }>(
        `SELECT DISTINCT service_unit_id AS unit FROM commands WHERE status = 'pending'`,
      );
      return new Set(rows.map((row) => row.unit));
    },
    put: (commands) => store([...commands], []),
    async removeFinishedBefore(before) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM commands WHERE finished_at < $1::timestamptz', [
        instantBound(before),
      ]);
      await store(
        [],
        rows.map((row) => row.id),
      );
      return rows.length;
    },
    async removeOfUnit(unitId) {
      const { tx } = await writer();
      await store(
        [],
        (await ofUnit(tx, unitId, null)).map((command) => String(command.id)),
      );
    },
  };
}
