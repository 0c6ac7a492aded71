import type { ProcessRule } from '../machines/domain/types';

/**
 * The process rules of the units behind one async repository: every rule of their domain (a unit's list,
 * the duplicate check, writes, an agent's config and report, the simulated agents, a unit's deletion) reads
 * and writes them through it. The embedded backend's is the rows in memory (mirage/domains/processes.ts);
 * the server's is PostgreSQL (server/db/process-rules.ts), so no server process holds them in memory.
 */

export type ProcessRuleRecord = ProcessRule;
export type NewProcessRule = Omit<ProcessRuleRecord, 'id'>;
export type ProcessRulePatch = Partial<
  Pick<ProcessRuleRecord, 'pattern' | 'action' | 'enabled' | 'comment' | 'version' | 'updatedAt' | 'updatedBy'>
>;

export interface ProcessRuleRepository {
  get(id: string): Promise<Readonly<ProcessRuleRecord> | undefined>;
  /** The unit's rules, in no particular order. */
  ofUnit(unitId: string): Promise<Readonly<ProcessRuleRecord>[]>;
  /** The rules of each of these units (a unit without any is absent), in no particular order. */
  ofUnits(unitIds: readonly string[]): Promise<ReadonlyMap<string, Readonly<ProcessRuleRecord>[]>>;
  insert(rule: NewProcessRule): Promise<Readonly<ProcessRuleRecord>>;
  update(id: string, patch: ProcessRulePatch): Promise<Readonly<ProcessRuleRecord>>;
  remove(id: string): Promise<void>;
  /** Removes every rule of a unit (the unit is being deleted). */
  removeOfUnit(unitId: string): Promise<void>;
}
