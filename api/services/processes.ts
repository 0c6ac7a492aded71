import type { Command, UnitProcess } from '../../machines/domain/types';
import type { ProcessRecord } from '../../core/processes';
import { access, type Access } from '../access';
import type { ServiceUnitRow } from '../../core/service-units';
import type { Account, ApiEnv } from '../env';
import { problem } from '../http';
import { commandView, issueCommand } from './commands';

/**
 * A unit's processes (docs/domain.md): its agent reports them, a person reads them with the unit (`can()` on
 * the unit, api/access.ts) and asks the agent to end one, which changes what runs on the unit: an update of the
 * unit. The process ends when the agent reports the command's result (the agent API's).
 */

const PROCESS_NOT_FOUND = 'Process not found';
const PROCESS_SORTS = ['name', 'pid', 'user', 'cpuPercent', 'memoryMb', 'startedAt'] as const;
type ProcessSort = (typeof PROCESS_SORTS)[number];

export function toProcess(row: Readonly<ProcessRecord>): UnitProcess {
  return {
    id: String(row.id),
    serviceUnitId: row.serviceUnitId,
    name: row.name,
    pid: row.pid,
    user: row.user,
    cpuPercent: row.cpuPercent,
    memoryMb: row.memoryMb,
    startedAt: row.startedAt,
    state: row.state,
  };
}

export interface ProcessQuery {
  search: string;
  sort: string;
  ascending: boolean;
}

/**
 * The unit's running processes, filtered and sorted. Reading them marks the unit as watched
 * (env.noteProcessesWatched), so a simulated agent reports its processes every few seconds while someone looks.
 */
export async function unitProcesses(
  env: ApiEnv,
  caller: Account,
  unitId: string,
  query: ProcessQuery,
): Promise<Access<{ items: UnitProcess[]; total: number; sampledAt: string }>> {
  const found = access(caller, 'read', 'serviceUnit', await env.units.get(unitId), 'Service unit not found');
  if (!found.ok) return found;
  const now = env.now();
  const id = String(found.row.id);
  env.noteProcessesWatched(id);
  const search = query.search.trim().toLowerCase();
  const sort: ProcessSort = (PROCESS_SORTS as readonly string[]).includes(query.sort) ? (query.sort as ProcessSort) : 'cpuPercent';
  const direction = query.ascending ? 1 : -1;
  const items = (await env.processes.running(id))
    .filter((p) => !search || p.name.toLowerCase().includes(search) || p.user.toLowerCase().includes(search) || String(p.pid) === search)
    .sort((a, b) => {
      const x = a[sort];
      const y = b[sort];
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return cmp * direction || a.pid - b.pid;
    })
    .map(toProcess);
  return { ok: true, row: { items, total: items.length, sampledAt: new Date(now).toISOString() } };
}

/** Asks the unit's agent to end a running process: an `endProcess` command, answered at once (202). */
export async function endProcess(env: ApiEnv, caller: Account, processId: string): Promise<Access<Command>> {
  const row = await env.processes.get(processId);
  const unit: Readonly<ServiceUnitRow> | undefined = row ? await env.units.get(row.serviceUnitId) : undefined;
  // Ending a process changes what runs on the unit: an update of the unit.
  const found = access(caller, 'update', 'serviceUnit', unit, PROCESS_NOT_FOUND);
  if (!found.ok) return found;
  if (!row) return { ok: false, response: problem(404, PROCESS_NOT_FOUND) };
  if (row.state === 'ended') return { ok: false, response: problem(409, 'The process has already ended') };
  // Nobody would ever carry the command out: a unit without an active agent cannot end a process.
  const agent = found.row.agent;
  if (!agent || agent.revokedAt)
    return { ok: false, response: problem(409, 'The unit has no active agent', { errors: { agent: 'none' } }) };
  const command = await issueCommand(env, caller, env.now(), {
    unit: found.row,
    kind: 'endProcess',
    processId: String(row.id),
    pid: row.pid,
  });
  return { ok: true, row: commandView(command) };
}
