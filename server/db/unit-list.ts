import type { ListQuery } from '../../core/list-query';
import { compareTexts } from '../../core/list-query';
import {
  STATUS_ORDER,
  UNIT_LIST_VERSION,
  type OrganizationScope,
  type ServiceUnitListRepository,
  type UnitListEntry,
  type UnitTextSort,
  unitListEntry,
} from '../../core/service-unit-list';
import type { ServiceUnitRow } from '../../mirage/domains/service-units';
import { bindableQuery, listTable, type Parameters, parameters, searchCondition, searchText, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The service units' list, export and tags as SQL on `unit_list` (server/migrations/002_unit_list.sql):
 * the same query the embedded backend runs in memory, with the same order, because both sort by the keys
 * of core/service-unit-list.ts (unitListEntry) compared by code point. The table is written in the same
 * transaction as the units' rows (unitListTable, from the row store), so it is never behind them.
 */

/** The units' collection in `rows`. */
export const UNITS = 'serviceUnits';
/** Sortable column → its key column (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<UnitTextSort, string> = {
  name: 'name_key',
  hostname: 'hostname_key',
  ipAddress: 'ip_address_key',
  operatingSystem: 'operating_system_key',
  location: 'location_key',
  agentVersion: 'agent_version_key',
  lastSeenAt: 'last_seen_key',
  createdAt: 'created_key',
  updatedAt: 'updated_key',
};
const isTextSort = (sort: string): sort is UnitTextSort => Object.hasOwn(SORT_COLUMNS, sort);

const COLUMNS = [
  'id',
  'organization_id',
  'id_key',
  'name_key',
  'hostname_key',
  'ip_address_key',
  'operating_system_key',
  'location_key',
  'agent_version_key',
  'last_seen_key',
  'created_key',
  'updated_key',
  'operating_system',
  'maintenance',
  'online_until_ms',
  'tags',
  'search',
  'search_text',
  'announced_offline',
] as const;
type Column = (typeof COLUMNS)[number];

const asRecord = (entry: UnitListEntry, row: Readonly<ServiceUnitRow>): Record<Column, unknown> => ({
  id: entry.id,
  organization_id: entry.organizationId,
  id_key: entry.idKey,
  name_key: entry.keys.name,
  hostname_key: entry.keys.hostname,
  ip_address_key: entry.keys.ipAddress,
  operating_system_key: entry.keys.operatingSystem,
  location_key: entry.keys.location,
  agent_version_key: entry.keys.agentVersion,
  last_seen_key: entry.keys.lastSeenAt,
  created_key: entry.keys.createdAt,
  updated_key: entry.keys.updatedAt,
  operating_system: entry.operatingSystem,
  maintenance: entry.maintenance,
  online_until_ms: entry.onlineUntil,
  tags: entry.tags,
  search: entry.search,
  search_text: searchText(entry.search),
  // Not a key of the list: the status sweep's (server/db/units.ts goneQuiet, 022_unit_sweep.sql).
  announced_offline: row.announcedStatus === 'offline',
});

/** The units' list table (server/migrations/002_unit_list.sql), written with the units' rows. */
export const unitListTable = listTable({
  table: 'unit_list',
  collection: UNITS,
  metaKey: 'unitList',
  version: UNIT_LIST_VERSION,
  columns: COLUMNS,
  types: { maintenance: 'boolean', online_until_ms: 'bigint', tags: 'text[]', search: 'text[]', announced_offline: 'boolean' },
  record: (row) => asRecord(unitListEntry(row as Readonly<ServiceUnitRow>), row as Readonly<ServiceUnitRow>),
});

/** The WHERE clause of a scope, filters and search (with `now` for the status filter). */
export function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'> | null, now: number) {
  const where: string[] = [];
  if (scope !== 'all') {
    where.push(
      scope.length === 1
        ? `u.organization_id = ${params.add(scope[0], 'text')}`
        : `u.organization_id = ANY(${params.add([...scope], 'text[]')})`,
    );
  }
  if (query) {
    const status = query.filters['status'];
    if (status) where.push(`${statusExpression(params, now, 'name')} = ANY(${params.add(status, 'text[]')})`);
    const os = query.filters['os'];
    if (os) where.push(`u.operating_system = ANY(${params.add(os, 'text[]')})`);
    const tag = query.filters['tag'];
    if (tag) where.push(`u.tags && ${params.add(tag, 'text[]')}`);
    if (query.search) where.push(searchCondition(params, 'u', query.search));
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** unitStatus as SQL on the entry: the status's name, or its place in STATUS_ORDER (how status sorts). */
export function statusExpression(params: Parameters, now: number, as: 'name' | 'order'): string {
  const value = (status: (typeof STATUS_ORDER)[number]) => (as === 'name' ? `'${status}'` : String(STATUS_ORDER.indexOf(status)));
  return `(CASE WHEN u.maintenance THEN ${value('maintenance')} WHEN ${params.add(now, 'bigint')} <= u.online_until_ms THEN ${value('online')} ELSE ${value('offline')} END)`;
}

/** The list as SQL; rows are the units' stored records (the same `data` the row store keeps). */
export function createSqlUnitList<R = Readonly<ServiceUnitRow>>(sql: Queryable): ServiceUnitListRepository<R> {
  return {
    async list(asked, scope, now) {
      const query = bindableQuery(asked);
      if (!query) return { rows: [], total: 0 };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<R>(reader(sql), unitListTable, {
        alias: 'u',
        where: (params) => conditions(params, scope, query, now),
        orderBy: (params) => {
          const sortBy = isTextSort(query.sort)
            ? `u.${SORT_COLUMNS[query.sort]}`
            : query.sort === 'status'
              ? statusExpression(params, now, 'order')
              : `u.${SORT_COLUMNS.name}`;
          return `${sortBy} ${direction}, u.id_key ${direction}`;
        },
        page: query.page,
        pageSize: query.pageSize,
      });
    },
    async tags(scope) {
      const params = parameters();
      const { rows } = await reader(sql).query<{ tag: string }>(
        `SELECT DISTINCT t AS tag FROM unit_list u, unnest(u.tags) AS t ${conditions(params, scope, null, 0)}`,
        params.values,
      );
      // Sorted here by the same rule as every list (a tag list is short).
      return rows.map((row) => row.tag).sort(compareTexts);
    },
  };
}
