import type { CommandRecord, CommandRepository } from '../../core/commands';
import { COMMANDS } from '../../mirage/commands';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The agents' commands in PostgreSQL only: the server's CommandRepository (core/commands.ts). They stay
 * records of `rows` (server/db/records.ts), so a new one takes a change number, and other instances see it
 * when they catch up (its row wakes the long poll of its unit's agent there). A unit's are found through
 * the partial indexes of server/migrations/012_commands.sql; the order is core's (issued, then id), in the
 * C collation that JavaScript's string order is.
 */

export { COMMANDS };

const ISSUED = `ORDER BY data ->> 'issuedAt' COLLATE "C", id COLLATE "C"`;

export function createSqlCommands(sql: Queryable, writeBatch: WriteBatch): CommandRepository {
  const records = collectionRecords<CommandRecord>(COMMANDS, writeBatch);
  const ofUnit = async (db: Queryable, unitId: string, which: 'pending' | 'unfinished' | 'all'): Promise<CommandRecord[]> => {
    if (!storable(unitId)) return [];
    const status =
      which === 'pending'
        ? `AND data ->> 'status' = 'pending'`
        : which === 'unfinished'
          ? `AND data ->> 'status' IN ('pending', 'sent')`
          : '';
    const { rows } = await db.query<{ data: CommandRecord }>(
      `SELECT data FROM rows WHERE collection = '${COMMANDS}' AND NOT deleted AND data ->> 'serviceUnitId' = $1 ${status} ${ISSUED}`,
      [unitId],
    );
    return rows.map((row) => row.data);
  };

  return {
    get: (id) => records.get(reader(sql), id),
    insert: (command) => records.putOne({ ...command, id: newRecordId() }),
    unfinishedOf: (unitId) => ofUnit(reader(sql), unitId, 'unfinished'),
    pendingOf: (unitId) => ofUnit(reader(sql), unitId, 'pending'),
    async unitsWithPending() {
      const { rows } = await reader(sql).query<{ unit: string }>(
        `SELECT DISTINCT data ->> 'serviceUnitId' AS unit FROM rows
         WHERE collection = '${COMMANDS}' AND NOT deleted AND data ->> 'status' = 'pending'`,
      );
      return new Set(rows.map((row) => row.unit));
    },
    put: (commands) => records.put(commands),
    async removeFinishedBefore(before) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${COMMANDS}' AND NOT deleted
         AND data ->> 'finishedAt' IS NOT NULL AND data ->> 'finishedAt' COLLATE "C" < $1`,
        [before],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
    async removeOfUnit(unitId) {
      const { tx } = await writer();
      await records.remove((await ofUnit(tx, unitId, 'all')).map((command) => String(command.id)));
    },
  };
}
