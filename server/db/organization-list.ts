import type { ListQuery } from '../../core/list-query';
import { ORGANIZATION_STATUSES, type OrganizationListRepository } from '../../core/organization-list';
import type { StoredOrg } from '../../mirage/organization-store';
import { bindableQuery, parameters, type Parameters, searchCondition } from './list-table';
import { ORGANIZATION_COLUMNS, organizationOf, type OrganizationColumns } from './organizations';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The organizations' list and export as SQL on `organizations` (server/migrations/025_organizations.sql, its keys as columns):
 * the same query the embedded backend runs in memory (mirage/domains/organizations.ts), with the same order,
 * because both sort by core/organization-list.ts's entries compared by code point. The counts are the users'
 * and units' list tables grouped by organization: for every organization when the list sorts by a count,
 * else for the page's only.
 */

type Stored = StoredOrg;

const COUNTS = {
  userCount: 'coalesce(uc.n, 0)',
  unitCount: 'coalesce(sc.n, 0)',
} as const;
/** Sortable column → its SQL (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<string, string> = {
  name: 'o.name_key',
  code: 'o.code_key',
  timezone: 'o.timezone_key',
  createdAt: 'o.created_key',
  seatLimit: 'o.list_seat_limit',
  // ORGANIZATION_STATUSES' order, as the embedded backend sorts it.
  status: `array_position(ARRAY[${ORGANIZATION_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], o.list_status)`,
  ...COUNTS,
};
const sortColumn = (sort: string): string => (Object.hasOwn(SORT_COLUMNS, sort) ? (SORT_COLUMNS[sort] ?? 'o.name_key') : 'o.name_key');
const isCountSort = (sort: string): boolean => Object.hasOwn(COUNTS, sort);

function conditions(params: Parameters, query: Pick<ListQuery, 'filters' | 'search'>): string {
  const where: string[] = [];
  const statuses = query.filters['status'];
  if (statuses) where.push(`o.list_status = ANY(${params.add(statuses, 'text[]')})`);
  if (query.search) where.push(searchCondition(params, 'o', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

const GROUPED = (table: string) => `SELECT organization_id, count(*)::int AS n FROM ${table} GROUP BY organization_id`;

export function createSqlOrganizationList(sql: Queryable): OrganizationListRepository<Stored> {
  return {
    async list(asked) {
      const query = bindableQuery(asked);
      if (!query) return { rows: [], total: 0 };
      const db = reader(sql);
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const count = parameters();
      const counting = db
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations o ${conditions(count, query)}`, count.values)
        .then(({ rows }) => Number(rows[0]?.n ?? 0));
      const offset = (query.page - 1) * query.pageSize;
      if (!Number.isSafeInteger(offset)) return { rows: [], total: await counting };
      const page = parameters();
      const where = conditions(page, query);
      const byCount = isCountSort(query.sort);
      const counted = byCount
        ? `LEFT JOIN (${GROUPED('users')}) uc ON uc.organization_id = o.id LEFT JOIN (${GROUPED('service_units')}) sc ON sc.organization_id = o.id`
        : '';
      const [{ rows }, total] = await Promise.all([
        db.query<OrganizationColumns & { users: number | null; units: number | null }>(
          `SELECT ${ORGANIZATION_COLUMNS}, ${byCount ? `${COUNTS.userCount} AS users, ${COUNTS.unitCount} AS units` : 'NULL::int AS users, NULL::int AS units'}
           FROM organizations o ${counted}
           ${where} ORDER BY ${sortColumn(query.sort)} ${direction}, o.id_key ${direction}
           LIMIT ${page.add(query.pageSize, 'int')} OFFSET ${page.add(offset, 'bigint')}`,
          page.values,
        ),
        counting,
      ]);
      let counts = new Map<string, { userCount: number; unitCount: number }>();
      if (byCount) {
        counts = new Map(rows.map((row) => [row.id, { userCount: Number(row.users ?? 0), unitCount: Number(row.units ?? 0) }]));
      } else if (rows.length > 0) {
        const ids = rows.map((row) => row.id);
        const found = await db.query<{ kind: 'users' | 'units'; id: string; n: number }>(
          `SELECT 'users' AS kind, organization_id AS id, count(*)::int AS n FROM users WHERE organization_id = ANY($1::text[]) GROUP BY 2
           UNION ALL SELECT 'units', organization_id, count(*)::int FROM service_units WHERE organization_id = ANY($1::text[]) GROUP BY 2`,
          [ids],
        );
        for (const id of ids) counts.set(id, { userCount: 0, unitCount: 0 });
        for (const row of found.rows) {
          const entry = counts.get(row.id);
          if (entry) entry[row.kind === 'users' ? 'userCount' : 'unitCount'] = Number(row.n);
        }
      }
      return {
        rows: rows.map((row) => ({ record: organizationOf(row), counts: counts.get(row.id) ?? { userCount: 0, unitCount: 0 } })),
        total,
      };
    },
  };
}
