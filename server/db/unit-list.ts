import type { ListQuery } from '../../core/list-query';
import { compareTexts } from '../../core/list-query';
import { STATUS_ORDER, type OrganizationScope, type ServiceUnitListRepository, type UnitTextSort } from '../../core/service-unit-list';
import type { ServiceUnitRow } from '../../mirage/domains/service-units';
import { bindableQuery, type Parameters, parameters, searchCondition, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';
import { UNIT_COLUMNS, UNIT_JOINS, unitOf, type UnitColumns } from './unit-table';

/**
 * The service units' list, export and tags as SQL on `service_units` (server/migrations/024_service_units.sql):
 * the same query the embedded backend runs in memory, with the same order, because both sort by the keys
 * of core/service-unit-list.ts (unitListEntry) compared by code point, which are columns of the units' table
 * written with each unit (server/db/units.ts).
 */

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

/** The list as SQL; rows are the units as the repository reads them (unit-table.ts). */
export function createSqlUnitList(sql: Queryable): ServiceUnitListRepository<Readonly<ServiceUnitRow>> {
  return {
    async list(asked, scope, now) {
      const query = bindableQuery(asked);
      if (!query) return { rows: [], total: 0 };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<ServiceUnitRow, UnitColumns>(
        reader(sql),
        { table: 'service_units', columns: UNIT_COLUMNS, joins: UNIT_JOINS, record: unitOf },
        {
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
        },
      );
    },
    async tags(scope) {
      const params = parameters();
      const { rows } = await reader(sql).query<{ tag: string }>(
        `SELECT DISTINCT t AS tag FROM service_units u, unnest(u.tags) AS t ${conditions(params, scope, null, 0)}`,
        params.values,
      );
      // Sorted here by the same rule as every list (a tag list is short).
      return rows.map((row) => row.tag).sort(compareTexts);
    },
  };
}
