import type { ServiceUnit, UnitAgent } from '../machines/domain/types';
import type { OrganizationScope } from './service-unit-list';

/** The unit's agent as stored: the API's view plus the hash of its credential (never shown). */
export interface UnitAgentRow extends UnitAgent {
  credentialHash: string;
}

/** A service unit as stored (api/services/units.ts has its rules). */
export interface ServiceUnitRow extends Omit<ServiceUnit, 'agent'> {
  agent: UnitAgentRow | null;
  /** Reporting or not, as last announced (unit.online / unit.offline); maintenance aside. */
  announcedStatus?: 'online' | 'offline';
}

/**
 * The service units' records behind one async repository: every rule that reads or writes a unit (its
 * record, a name's duplicate check, an agent's credential and heartbeat, the status sweep, the dashboards,
 * the prediction report, the simulated agents, the start-up repair) goes through it. The embedded backend's
 * is the rows in memory (mirage/unit-store.ts); the server's is PostgreSQL (server/db/units.ts), so no
 * server process holds 10,000 units in memory. The list, export and tags have their own repository
 * (service-unit-list.ts).
 *
 * Several units answer in creation order (core/record-ids.ts's compareIds), in both backends.
 */
export interface ServiceUnitRepository<T extends { id: string | number }> {
  get(id: string): Promise<T | undefined>;
  /** The stored ones of these ids, in no particular order. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** The units of these organizations ('all': every unit). */
  inScope(scope: OrganizationScope): Promise<T[]>;
  /** The units of one organization whose lower-cased name is one of these (given lower-cased): a name's duplicate check. */
  withNames(organizationId: string, names: readonly string[]): Promise<T[]>;
  /** How many units of the scope are online, offline and in maintenance at `now` (core's unitStatus). */
  countByStatus(scope: OrganizationScope, now: number): Promise<{ online: number; offline: number; maintenance: number }>;
  /** The units with an active (not revoked) simulated agent. */
  withSimulatedAgent(): Promise<T[]>;
  /**
   * The status sweep's change: every unit announced online (or never announced) that stopped reporting by
   * `now` is announced offline, in one conditional write; answers those it changed, as stored, in creation
   * order. A unit another sweep changed meanwhile is not answered again.
   */
  markQuietOffline(now: number): Promise<T[]>;
  /** Stores a new unit under a new id and answers it. */
  insert(row: Omit<T, 'id'>): Promise<T>;
  /** Changes a stored unit and answers it (the caller found it first). */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T>;
  /**
   * An agent's heartbeat: changes only what `seen` names (the time, what the agent reports of its machine,
   * the announcement), under the unit's row lock, so what another write changed meanwhile (a rename) stays.
   * Answers the unit as it was under that lock and as stored (undefined: the unit is gone).
   */
  recordSeen(id: string, seen: Partial<Omit<T, 'id'>>): Promise<{ before: T; unit: T } | undefined>;
  remove(id: string): Promise<void>;
}
