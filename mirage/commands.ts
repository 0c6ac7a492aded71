import { compareIssued, isFinishedStatus, type CommandRecord, type CommandRepository } from '../core/commands';
import { table, type MirageDb } from './db';

/**
 * Commands a person sends to a unit's agent (end a process, capture a screenshot; issued by the API app,
 * api/services/commands.ts): rows the agent fetches (`GET /api/agent/commands`: pending → sent) and answers
 * (`POST /api/agent/commands/{id}/result`). Every command, and its result, is written to the audit log (resource `command`).
 */

export type CommandRow = CommandRecord;

export const COMMANDS = 'commands';
const commandsTable = (db: MirageDb) => table<CommandRow>(db, COMMANDS);

/** The embedded backend's commands: the rows in memory (the server's are PostgreSQL's, server/db/commands.ts). */
export function memoryCommands(db: MirageDb): CommandRepository {
  const rows = () => commandsTable(db).rows();
  const issued = (keep: (row: Readonly<CommandRow>) => boolean) => rows().filter(keep).sort(compareIssued);
  const removeWhere = (doomed: (row: Readonly<CommandRow>) => boolean) => {
    const ids = rows()
      .filter(doomed)
      .map((row) => row.id);
    for (const id of ids) commandsTable(db).remove(id);
    return ids.length;
  };
  return {
    get: (id) => Promise.resolve(commandsTable(db).find(id)),
    insert: (command) => Promise.resolve(commandsTable(db).insert(command)),
    unfinishedOf: (unitId) => Promise.resolve(issued((c) => String(c.serviceUnitId) === unitId && !isFinishedStatus(c.status))),
    pendingOf: (unitId) => Promise.resolve(issued((c) => String(c.serviceUnitId) === unitId && c.status === 'pending')),
    unitsWithPending: () =>
      Promise.resolve(
        new Set(
          rows()
            .filter((c) => c.status === 'pending')
            .map((c) => String(c.serviceUnitId)),
        ),
      ),
    put(commands) {
      for (const { id, ...rest } of commands) commandsTable(db).update(id, rest);
      return Promise.resolve();
    },
    removeFinishedBefore: (before) => Promise.resolve(removeWhere((c) => c.finishedAt !== null && c.finishedAt < before)),
    removeOfUnit(unitId) {
      removeWhere((c) => String(c.serviceUnitId) === unitId);
      return Promise.resolve();
    },
  };
}

/** The commands in memory (the embedded backend's). */
export const commandStore = (db: MirageDb): CommandRepository => memoryCommands(db);
