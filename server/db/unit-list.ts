import { compareTexts } from '../../core/list-query';
import type { ServiceUnitListRepository, UnitTextSort } from '../../core/service-unit-list';
import type { ServiceUnitRow } from '../../mirage/domains/service-units';
import { bindableQuery, parameters, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';
import { conditions, statusExpression, UNIT_COLUMNS, UNIT_JOINS, unitOf, type UnitColumns } from './units';

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

/** The list as SQL; rows are the units as the repository reads them (units.ts). */
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
