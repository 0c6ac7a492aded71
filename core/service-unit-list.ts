import type { ServiceUnit, UnitStatus } from '../machines/domain/types';
import type { ListQuery, ListSpec } from './list-query';
import { idSortKey, textSortKey } from './list-query';
import { onlineWindowMs, unitStatus } from '../machines/service-units/unit-status';
import type { ServiceUnitRow } from './service-units';

/**
 * The service units' list (GET /api/service-units, its export and its tags) behind one async interface, so
 * a store answers it where the rows are: the embedded backend from memory, the server as SQL
 * (server/db/unit-list.ts). Both order, filter and search by the same projection (unitListEntry), so they
 * return the same ids in the same order by construction (proved by server/db/unit-list.test.ts).
 */

/** Which organizations' units a caller reads: every one, or those listed (none: an empty list). */
export type OrganizationScope = 'all' | readonly string[];

/** What the list needs of a unit. */
export type UnitListSource = Pick<
  ServiceUnit,
  | 'name'
  | 'hostname'
  | 'ipAddress'
  | 'operatingSystem'
  | 'location'
  | 'agentVersion'
  | 'description'
  | 'tags'
  | 'lastSeenAt'
  | 'maintenance'
  | 'createdAt'
  | 'updatedAt'
> & { id: string | number; organizationId: string | number | null; agent?: { heartbeatIntervalS: number } | null };

export interface UnitListPage<R> {
  /** The page's rows, in order. */
  rows: R[];
  /** How many units match the query's filters and search (all pages). */
  total: number;
}

export interface ServiceUnitListRepository<R> {
  /** One page of the query (the export asks page 1 of up to 20,000 rows), with the total. */
  list(query: ListQuery, scope: OrganizationScope, now: number): Promise<UnitListPage<R>>;
  /** Every tag of the units in scope, once each, in textSortKey order (ties by code point). */
  tags(scope: OrganizationScope): Promise<string[]>;
}

/**
 * The version of unitListEntry and the sort keys: a store that keeps entries fills them again when it
 * differs (server/db/unit-list.ts). Raise it with any change to textSortKey, idSortKey or unitListEntry.
 */
export const UNIT_LIST_VERSION = 1;

/** Status sorts in this order (its index). */
export const STATUS_ORDER: readonly UnitStatus[] = ['online', 'offline', 'maintenance'];

/** Columns sorted by their text (textSortKey); `status` sorts by STATUS_ORDER. */
export const UNIT_TEXT_SORTS = [
  'name',
  'hostname',
  'ipAddress',
  'operatingSystem',
  'location',
  'agentVersion',
  'lastSeenAt',
  'createdAt',
  'updatedAt',
] as const;
export type UnitTextSort = (typeof UNIT_TEXT_SORTS)[number];

/** A unit as the list sees it: what every store sorts, filters and searches by. */
export interface UnitListEntry {
  id: string;
  organizationId: string | null;
  /** idSortKey: ties break by it. */
  idKey: string;
  /** textSortKey of each text column. */
  keys: Record<UnitTextSort, string>;
  operatingSystem: string;
  maintenance: boolean;
  /** The last instant (ms) the unit counts as online, maintenance aside; null: never (no valid lastSeenAt). */
  onlineUntil: number | null;
  tags: string[];
  /** The texts a search looks in, lower-cased: a search matches when one contains it. */
  search: string[];
}

/**
 * The projection of a unit. onlineUntil adds the online rule's window (onlineWindowMs of
 * machines/service-units/unit-status.ts) to lastSeenAt, so status is `maintenance ? maintenance :
 * now <= onlineUntil ? online : offline`, exactly unitStatus.
 */
export function unitListEntry(unit: UnitListSource): UnitListEntry {
  const seen = Date.parse(unit.lastSeenAt);
  const keys = {} as Record<UnitTextSort, string>;
  for (const column of UNIT_TEXT_SORTS) keys[column] = textSortKey(unit[column]);
  return {
    id: String(unit.id),
    organizationId: unit.organizationId === null ? null : String(unit.organizationId),
    idKey: idSortKey(unit.id),
    keys,
    operatingSystem: unit.operatingSystem,
    maintenance: unit.maintenance,
    onlineUntil: Number.isNaN(seen) ? null : seen + onlineWindowMs(unit),
    tags: [...unit.tags],
    search: [unit.name, unit.hostname, unit.ipAddress, unit.location, unit.description, ...unit.tags].map((text) => text.toLowerCase()),
  };
}

/**
 * The list's columns, filters and search at `now` (status follows the clock): the embedded backend runs
 * them on the rows in memory, and the API reads a request's query with them; the SQL store
 * (server/db/unit-list.ts) runs the same ones on unitListEntry.
 */
export function unitListSpec(now: number): ListSpec<Readonly<ServiceUnitRow>> {
  return {
    sortBy: {
      name: (u) => u.name,
      hostname: (u) => u.hostname,
      ipAddress: (u) => u.ipAddress,
      operatingSystem: (u) => u.operatingSystem,
      location: (u) => u.location,
      agentVersion: (u) => u.agentVersion,
      lastSeenAt: (u) => u.lastSeenAt,
      status: (u) => STATUS_ORDER.indexOf(unitStatus(u, now)),
      createdAt: (u) => u.createdAt,
      updatedAt: (u) => u.updatedAt,
    },
    defaultSort: 'name',
    filters: {
      status: (u, values) => values.includes(unitStatus(u, now)),
      os: (u, values) => values.includes(u.operatingSystem),
      tag: (u, values) => values.some((tag) => u.tags.includes(tag)),
    },
    searchIn: (u) => [u.name, u.hostname, u.ipAddress, u.location, u.description, ...u.tags],
    maxPageSize: 100,
  };
}
