import type { CommandRecord, CommandRepository } from '../../core/commands';
import { COMMANDS } from '../../mirage/commands';
import { newRecordId } from '../../mirage/record-ids';
import { COMMAND_COLUMNS, commandOf, ISSUED_ORDER, type CommandColumns } from './command-table';
import { storable } from './records';
import { prepared, type Prepared, type Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The agents' commands in their own table (command-table.ts): the server's CommandRepository (core/commands.ts).
 * A write stores commands whole through the store's writeBatch, in the request's unit of work, so its commit
 * wakes the long poll of the unit's agent, here and on other instances (server/events/hub.ts). A unit's are found
 * by commands_by_unit, the ones not fetched yet by commands_pending (server/migrations/037_commands.sql).
 */

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

export function createSqlCommands(sql: Queryable, writeBatch: WriteBatch): CommandRepository {
  const select = async (db: Queryable, where: string | Prepared, values: readonly unknown[]) =>
    (
      await db.query<CommandColumns>(
        typeof where === 'string' ? `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE ${where} ${ISSUED_ORDER}` : where,
        [...values],
      )
    ).rows.map(commandOf);
  const store = async (put: CommandRecord[], deleted: string[]) => {
    if (put.length === 0 && deleted.length === 0) return;
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: COMMANDS, put, deleted }]);
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
