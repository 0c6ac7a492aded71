import type { Command, CommandKind, CommandResultStatus } from '../machines/domain/types';
import { table, type MirageDb, type Row } from './db';
import type { UserRow } from './http';
import { recordAudit } from './domains/audit';

/**
 * Commands a person sends to a unit's agent (end a process, capture a screenshot): stored as rows the agent
 * fetches (`GET /api/agent/commands`: pending → sent) and answers (`POST /api/agent/commands/{id}/result`).
 * Every command, and its result, is written to the audit log (resource `command`).
 */

export interface CommandRow extends Omit<Command, 'id'>, Row {
  organizationId: string;
}

export const commandsTable = (db: MirageDb) => table<CommandRow>(db, 'commands');

export function commandView(row: Readonly<CommandRow>): Command {
  return {
    id: String(row.id),
    serviceUnitId: row.serviceUnitId,
    kind: row.kind,
    status: row.status,
    processId: row.processId,
    pid: row.pid,
    captureRequestId: row.captureRequestId,
    issuedAt: row.issuedAt,
    issuedBy: row.issuedBy,
    finishedAt: row.finishedAt,
    message: row.message,
  };
}

export interface CommandInput {
  unit: { id: string | number; organizationId: string | number };
  kind: CommandKind;
  user: UserRow;
  processId?: string | null;
  pid?: number | null;
  captureRequestId?: string | null;
}

/** Stores a pending command for the unit's agent, and its audit entry. */
export function issueCommand(db: MirageDb, now: number, input: CommandInput): CommandRow {
  const row = commandsTable(db).insert({
    serviceUnitId: String(input.unit.id),
    organizationId: String(input.unit.organizationId),
    kind: input.kind,
    status: 'pending',
    processId: input.processId ?? null,
    pid: input.pid ?? null,
    captureRequestId: input.captureRequestId ?? null,
    issuedAt: new Date(now).toISOString(),
    issuedBy: String(input.user.id),
    finishedAt: null,
    message: null,
  });
  recordAudit(db, now, {
    actor: input.user,
    organizationId: input.unit.organizationId,
    resource: 'command',
    action: input.kind,
    recordId: row.id,
    before: null,
    after: { ...commandView(row) },
  });
  return row;
}

const isFinished = (status: Command['status']) => status !== 'pending' && status !== 'sent';
export const commandFinished = (row: Pick<CommandRow, 'status'>): boolean => isFinished(row.status);

/**
 * Stores the agent's result of a command, and its audit entry (in the name of the person who issued it:
 * the entry completes theirs). The caller applies what the result means (a process ended, a capture settled).
 */
export function finishCommand(
  db: MirageDb,
  now: number,
  row: Readonly<CommandRow>,
  result: { status: CommandResultStatus; message: string | null },
): CommandRow {
  const before = commandView(row);
  const finished = commandsTable(db).update(row.id, {
    status: result.status,
    message: result.message,
    finishedAt: new Date(now).toISOString(),
  });
  const issuer = table<UserRow>(db, 'users').find(row.issuedBy);
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
