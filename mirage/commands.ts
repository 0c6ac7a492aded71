import type { CommandResultStatus } from '../machines/domain/types';
import { compareIssued, isFinishedStatus, type CommandRecord, type CommandRepository } from '../core/commands';
import { commandView } from '../api/services/commands';
import { table, type MirageDb } from './db';
import { userStore } from './user-store';
import { recordAudit } from './domains/audit';
import { givenRepository } from './given-repositories';

export { commandView };

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

/** The commands of this backend: the server's repository, else the rows in memory. */
export const commandStore = (db: MirageDb): CommandRepository =>
  givenRepository<ReturnType<typeof memoryCommands>>(db, 'commands') ?? memoryCommands(db);

export const commandFinished = (row: Pick<CommandRow, 'status'>): boolean => isFinishedStatus(row.status);

/**
 * Stores the agent's result of a command, and its audit entry (in the name of the person who issued it:
 * the entry completes theirs). The caller applies what the result means (a process ended, a capture settled).
 */
export async function finishCommand(
  db: MirageDb,
  now: number,
  row: Readonly<CommandRow>,
  result: { status: CommandResultStatus; message: string | null },
): Promise<Readonly<CommandRow>> {
  const before = commandView(row);
  const finished: CommandRow = { ...row, status: result.status, message: result.message, finishedAt: new Date(now).toISOString() };
  await commandStore(db).put([finished]);
  const issuer = await userStore(db).get(String(row.issuedBy));
  recordAudit(db, now, {
    actor: issuer ?? { id: row.issuedBy, roleId: 4, fullName: '' },
    organizationId: row.organizationId,
    resource: 'command',
    action: 'commandResult',
    recordId: row.id,
    before: { ...before },
    after: { ...commandView(finished) },
    reason: `Reported by the agent of unit ${row.serviceUnitId}`,
  });
  return finished;
}
