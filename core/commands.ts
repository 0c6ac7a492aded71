import type { Command, CommandStatus } from '../machines/domain/types';

/**
 * The commands people send to units' agents (end a process, capture a screenshot) behind one async
 * repository: issuing, an agent's fetch (pending -> sent) and result, a revocation, the heartbeat's count,
 * the simulated agents, pruning and a unit's deletion read and write them through it. The embedded
 * backend's is the rows in memory (mirage/commands.ts); the server's is PostgreSQL (server/db/commands.ts),
 * so no server process holds them in memory.
 */

export interface CommandRecord extends Omit<Command, 'id'> {
  id: string | number;
  organizationId: string;
}

export type NewCommand = Omit<CommandRecord, 'id'>;

/** Whether a command has its result (an agent that fetched it, `sent`, still owes one). */
export const isFinishedStatus = (status: CommandStatus): boolean => status !== 'pending' && status !== 'sent';

/** The order an agent gets its commands in: as issued (ids break ties; a UUIDv7's text order is its creation order). */
export function compareIssued(a: Readonly<CommandRecord>, b: Readonly<CommandRecord>): number {
  if (a.issuedAt !== b.issuedAt) return a.issuedAt < b.issuedAt ? -1 : 1;
  const [x, y] = [String(a.id), String(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface CommandRepository {
  get(id: string): Promise<Readonly<CommandRecord> | undefined>;
  insert(command: NewCommand): Promise<Readonly<CommandRecord>>;
  /** The unit's commands that have no result yet (pending or sent), as issued (compareIssued). */
  unfinishedOf(unitId: string): Promise<Readonly<CommandRecord>[]>;
  /** The unit's commands its agent has not fetched yet, as issued (compareIssued). */
  pendingOf(unitId: string): Promise<Readonly<CommandRecord>[]>;
  /** The units that have a command their agent has not fetched yet. */
  unitsWithPending(): Promise<ReadonlySet<string>>;
  /** Stores these commands whole (changed ones: sent, finished). */
  put(commands: readonly Readonly<CommandRecord>[]): Promise<void>;
  /** Removes the commands finished before this instant (ISO); answers how many. */
  removeFinishedBefore(before: string): Promise<number>;
  /** Removes every command of a unit (the unit is being deleted). */
  removeOfUnit(unitId: string): Promise<void>;
}
