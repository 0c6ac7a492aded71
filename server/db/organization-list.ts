import type { ListQuery } from '../../core/list-query';
import {
  ORGANIZATION_LIST_VERSION,
  ORGANIZATION_STATUSES,
  organizationListEntry,
  type OrganizationListEntry,
  type OrganizationListRepository,
  type OrganizationListSource,
} from '../../core/organization-list';
import type { OrganizationRow } from '../../mirage/domains/accounts';
import { normalizeOrg, type OrgRow } from '../../mirage/domains/organizations';
import { bindableQuery, listTable, parameters, type Parameters, searchCondition, searchText } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The organizations' list and export as SQL on `organization_list` (server/migrations/017_organization_list.sql):
 * the same query the embedded backend runs in memory (mirage/domains/organizations.ts), with the same order,
 * because both sort by core/organization-list.ts's entries compared by code point. The counts are the users'
 * and units' list tables grouped by organization: for every organization when the list sorts by a count,
 * else for the page's only.
 */

export const ORGANIZATIONS = 'organizations';
type Stored = OrganizationRow & Partial<OrgRow>;

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
  seatLimit: 'o.seat_limit',
  // ORGANIZATION_STATUSES' order, as the embedded backend sorts it.
  status: `array_position(ARRAY[${ORGANIZATION_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], o.status)`,
  ...COUNTS,
};
const sortColumn = (sort: string): string => (Object.hasOwn(SORT_COLUMNS, sort) ? (SORT_COLUMNS[sort] ?? 'o.name_key') : 'o.name_key');
const isCountSort = (sort: string): boolean => Object.hasOwn(COUNTS, sort);

const COLUMNS = [
  'id',
  'id_key',
  'name_key',
  'code_key',
  'timezone_key',
  'created_key',
  'status',
  'seat_limit',
  'search',
  'search_text',
] as const;
type Column = (typeof COLUMNS)[number];
const asRecord = (entry: OrganizationListEntry): Record<Column, unknown> => ({
  id: entry.id,
  id_key: entry.idKey,
  name_key: entry.keys.name,
  code_key: entry.keys.code,
  timezone_key: entry.keys.timezone,
  created_key: entry.keys.createdAt,
  status: entry.status,
  seat_limit: entry.seatLimit,
  search: entry.search,
  search_text: searchText(entry.search),
});

/** The organizations' list table, written with the organizations' rows (older rows get their defaults first). */
export const organizationListTable = listTable({
  table: 'organization_list',
  collection: ORGANIZATIONS,
  metaKey: 'organizationList',
  version: ORGANIZATION_LIST_VERSION,
  columns: COLUMNS,
  types: { seat_limit: 'int', search: 'text[]' },
  record: (row) => asRecord(organizationListEntry(normalizeOrg(row as Stored) satisfies OrganizationListSource)),
});

function conditions(params: Parameters, query: Pick<ListQuery, 'filters' | 'search'>): string {
  const where: string[] = [];
  const statuses = query.filters['status'];
  if (statuses) where.push(`o.status = ANY(${params.add(statuses, 'text[]')})`);
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
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM organization_list o ${conditions(count, query)}`, count.values)
        .then(({ rows }) => Number(rows[0]?.n ?? 0));
      const offset = (query.page - 1) * query.pageSize;
      if (!Number.isSafeInteger(offset)) return { rows: [], total: await counting };
      const page = parameters();
      const where = conditions(page, query);
      const byCount = isCountSort(query.sort);
      const counted = byCount
        ? `LEFT JOIN (${GROUPED('user_list')}) uc ON uc.organization_id = o.id LEFT JOIN (${GROUPED('service_units')}) sc ON sc.organization_id = o.id`
        : '';
      const [{ rows }, total] = await Promise.all([
        db.query<{ id: string; data: Stored; users: number | null; units: number | null }>(
          `SELECT o.id, r.data, ${byCount ? `${COUNTS.userCount} AS users, ${COUNTS.unitCount} AS units` : 'NULL::int AS users, NULL::int AS units'}
           FROM organization_list o JOIN rows r ON r.collection = '${ORGANIZATIONS}' AND r.id = o.id ${counted}
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
          `SELECT 'users' AS kind, organization_id AS id, count(*)::int AS n FROM user_list WHERE organization_id = ANY($1::text[]) GROUP BY 2
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
        rows: rows.map((row) => ({ record: row.data, counts: counts.get(row.id) ?? { userCount: 0, unitCount: 0 } })),
        total,
      };
    },
  };
}
