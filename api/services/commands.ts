import type { Command, CommandKind } from '../../machines/domain/types';
import type { CommandRecord } from '../../core/commands';
import { recordAudit } from '../audit';
import type { Account, ApiEnv } from '../env';

/**
 * Commands a person sends to a unit's agent (end a process, capture a screenshot): stored pending for the
 * agent to fetch (`GET /api/agent/commands`), each with its audit entry (resource `command`). The agent's held
 * long poll is woken once the request commits (env.wakeAgent), so it fetches the command at once.
 */

/**
 * A command's end, whoever reports it (its agent, or the revocation that leaves it without one): stored, and
 * audited in the name of the person who issued it.
 */
export async function storeCommandResult(
  env: ApiEnv,
  now: number,
  command: Readonly<CommandRecord>,
  finished: CommandRecord,
): Promise<void> {
  await env.commands.put([finished]);
  const issuer = await env.users.get(String(command.issuedBy));
  recordAudit(env, now, {
    actor: issuer ?? { id: command.issuedBy, roleId: 4, fullName: '' },
    organizationId: command.organizationId,
    resource: 'command',
    action: 'commandResult',
    recordId: command.id,
    before: { ...commandView(command) },
    after: { ...commandView(finished) },
    reason: `Reported by the agent of unit ${command.serviceUnitId}`,
  });
}

/** Tells the live streams a command ended (`command.finished`), however it ended. */
export function announceCommandFinished(env: Pick<ApiEnv, 'events'>, now: number, finished: Readonly<CommandRecord>): void {
  env.events.append({
    type: 'command.finished',
    at: new Date(now).toISOString(),
    organizationId: finished.organizationId,
    subjectId: String(finished.id),
    unitId: finished.serviceUnitId,
    data: { command: commandView(finished) },
  });
}

/** A command as the API answers it. */
export function commandView(row: Readonly<CommandRecord>): Command {
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
  unit: { id: string | number; organizationId: string | number | null };
  kind: CommandKind;
  processId?: string | null;
  pid?: number | null;
  captureRequestId?: string | null;
}

/** Stores a pending command for the unit's agent with its audit entry, and wakes the agent's long poll on commit. */
export async function issueCommand(
  env: Pick<ApiEnv, 'commands' | 'audit' | 'events' | 'wakeAgent'>,
  caller: Account,
  now: number,
  input: CommandInput,
): Promise<Readonly<CommandRecord>> {
  const unitId = String(input.unit.id);
  const row = await env.commands.insert({
    serviceUnitId: unitId,
    organizationId: String(input.unit.organizationId),
    kind: input.kind,
    status: 'pending',
    processId: input.processId ?? null,
    pid: input.pid ?? null,
    captureRequestId: input.captureRequestId ?? null,
    issuedAt: new Date(now).toISOString(),
    issuedBy: String(caller.id),
    finishedAt: null,
    message: null,
  });
  recordAudit(env, now, {
    actor: caller,
    organizationId: input.unit.organizationId,
    resource: 'command',
    action: input.kind,
    recordId: row.id,
    before: null,
    after: { ...commandView(row) },
  });
  env.wakeAgent(unitId);
  return row;
}
