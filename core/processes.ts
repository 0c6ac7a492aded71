import type { UnitProcess } from '../machines/domain/types';

/**
 * The processes the units' agents report behind one async repository: every rule of the processes' domain
 * (an agent's report, ending a process, the unit's list, the dashboard's count, the hourly prune, a unit's
 * deletion) reads and writes them through it. The embedded backend's is the rows in memory
 * (mirage/domains/processes.ts); the server's is PostgreSQL (server/db/processes.ts), so no server process
 * holds them in memory.
 */

export interface ProcessRecord extends UnitProcess {
  endedAt: string | null;
  /** 'user': ended from the console; 'rule': a block rule matched; 'exit': it quit by itself. */
  endedReason: 'user' | 'rule' | 'exit' | null;
}

export type NewProcess = Omit<ProcessRecord, 'id'>;

export interface ProcessRepository {
  get(id: string): Promise<Readonly<ProcessRecord> | undefined>;
  /** The unit's running processes (in no particular order). */
  running(unitId: string): Promise<Readonly<ProcessRecord>[]>;
  insert(rows: readonly NewProcess[]): Promise<void>;
  /** Stores these changed processes, each whole. */
  put(rows: readonly ProcessRecord[]): Promise<void>;
  /** Removes every process of a unit (the unit is being deleted). */
  removeOfUnit(unitId: string): Promise<void>;
  /** How many processes of these units ended for `reason` at or after `sinceIso` ('all': of every unit). */
  countEnded(reason: 'user' | 'rule' | 'exit', sinceIso: string, unitIds: readonly string[] | 'all'): Promise<number>;
  /** Forgets processes that quit by themselves ('exit') before `beforeIso`; those a person or a rule ended stay. */
  pruneExitedBefore(beforeIso: string): Promise<void>;
}
