import type { ServiceUnitRepository, ServiceUnitRow, UnitAgentRow } from '../core/service-units';
import type { OrganizationScope } from '../core/service-unit-list';
import { compareIds } from '../core/record-ids';
import { isReporting, unitStatus } from '../machines/service-units/unit-status';
import { table, type MirageDb } from './db';
import { tableWrites } from './table-writes';

export type { ServiceUnitRow, UnitAgentRow };

export const UNITS = 'serviceUnits';
/** The units' rows in memory: the seeds write them here, in both backends, before they are stored. */
export const unitsTable = (db: MirageDb) => table<ServiceUnitRow>(db, UNITS);

const byId = (a: Readonly<ServiceUnitRow>, b: Readonly<ServiceUnitRow>) => compareIds(a.id, b.id);
const inScope = (scope: OrganizationScope) => {
  if (scope === 'all') return () => true;
  const ids = new Set(scope);
  return (u: Readonly<ServiceUnitRow>) => ids.has(String(u.organizationId));
};

/** The embedded backend's units: the rows in memory (the server's are PostgreSQL's, server/db/units.ts). */
export function memoryUnits(db: MirageDb): ServiceUnitRepository<ServiceUnitRow> {
  const rows = () => unitsTable(db);
  // The stored rows themselves, not copies (all() copies each): the prediction's cache keeps them.
  const matching = (keep: (u: Readonly<ServiceUnitRow>) => boolean) => Promise.resolve(rows().rows().filter(keep).sort(byId));
  return {
    get: (id) => Promise.resolve(rows().find(id)),
    getMany(ids) {
      return Promise.resolve(ids.flatMap((id) => rows().find(id) ?? []).filter((u, i, all) => all.indexOf(u) === i));
    },
    inScope: (scope) => matching(inScope(scope)),
    withNames(organizationId, names) {
      const wanted = new Set(names);
      return matching((u) => String(u.organizationId) === organizationId && wanted.has(u.name.toLowerCase()));
    },
    countByStatus(scope, now) {
      const counts = { online: 0, offline: 0, maintenance: 0 };
      const readable = inScope(scope);
      for (const u of rows().rows()) if (readable(u)) counts[unitStatus(u, now)] += 1;
      return Promise.resolve(counts);
    },
    withSimulatedAgent: () => matching((u) => u.agent?.kind === 'simulated' && !u.agent.revokedAt),
    async markQuietOffline(now) {
      const quiet = await matching((u) => u.announcedStatus !== 'offline' && !isReporting(u, now));
      return quiet.map((u) => rows().update(u.id, { announcedStatus: 'offline' }));
    },
    ...tableWrites(rows),
    recordSeen(id, seen) {
      const before = rows().find(id);
      return Promise.resolve(before ? { before: { ...before }, unit: rows().update(id, seenChanges(before, seen)) } : undefined);
    },
  };
}

/**
 * What a heartbeat changes of a unit as it is now: its own fields, and of the agent only what the agent
 * reports (its machine, its URL policy), so a revocation or a rename made meanwhile stays.
 */
export function seenChanges(now: Readonly<ServiceUnitRow>, seen: Partial<Omit<ServiceUnitRow, 'id'>>): Partial<ServiceUnitRow> {
  const { agent, ...own } = seen;
  if (!agent || !now.agent) return own;
  return {
    ...own,
    agent: { ...now.agent, system: agent.system, ...(agent.urlPolicy !== undefined ? { urlPolicy: agent.urlPolicy } : {}) },
  };
}

/** The units in memory (the embedded backend's). */
export const unitStore = (db: MirageDb): ServiceUnitRepository<ServiceUnitRow> => memoryUnits(db);
