import type { CommandRecord } from '../../core/commands';
import { storeWhole, upsertStatement } from './entity-table';
import { isoText, type Queryable } from './sql';

/**
 * The agents' commands' table (server/migrations/037_commands.sql): how a command is read from it and written
 * to it. A unit's deletion takes its commands with it (the foreign key).
 */

/** The commands' collection, as the store's writeBatch names it (mirage/commands.ts). */
export const COMMANDS = 'commands';

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

/** Stores commands whole and deletes commands, in the caller's transaction (the store's writeBatch). */
export async function writeCommands(tx: Queryable, put: readonly CommandRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'commands', upsert: UPSERT, record }, put, deleted);
}
