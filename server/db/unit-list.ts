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
import type { Row } from '../../mirage/db';
import type { ServiceUnitRow } from '../../mirage/domains/service-units';
import type { Queryable } from './sql';

/**
 * The service units' list, export and tags as SQL on `unit_list` (server/migrations/002_unit_list.sql):
 * the same query the embedded backend runs in memory, with the same order, because both sort by the keys
 * of core/service-unit-list.ts (unitListEntry) compared by code point. The table is written in the same
 * transaction as the units' rows (writeUnitListEntries, from the row store), so it is never behind them.
 */

/** The units' collection in `rows`. */
export const UNITS = 'serviceUnits';
/** Entries per INSERT when filling the table. */
const CHUNK = 2_000;

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
] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_TYPES: Partial<Record<Column, string>> = {
  maintenance: 'boolean',
  online_until_ms: 'bigint',
  tags: 'text[]',
  search: 'text[]',
};

const asRecord = (entry: UnitListEntry): Record<Column, unknown> => ({
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
});

const UPSERT = `INSERT INTO unit_list (${COLUMNS.join(', ')})
  SELECT ${COLUMNS.join(', ')} FROM jsonb_to_recordset($1::jsonb)
    AS e(${COLUMNS.map((column) => `${column} ${COLUMN_TYPES[column] ?? 'text'}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((column) => column !== 'id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}`;

/** Stores the entries of units put and removes those of units deleted, inside the caller's transaction. */
export async function writeUnitListEntries(tx: Queryable, put: readonly Row[], deleted: readonly string[]): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    const entries = put.slice(start, start + CHUNK).map((row) => asRecord(unitListEntry(row as Readonly<ServiceUnitRow>)));
    await tx.query(UPSERT, [JSON.stringify(entries)]);
  }
  if (deleted.length > 0) await tx.query('DELETE FROM unit_list WHERE id = ANY($1::text[])', [deleted]);
}

/**
 * Fills `unit_list` from the stored units when it was made by another version of the keys (or never: a
 * database stored before the table existed). Runs under the write lock, so no write interleaves.
 * Resolves with whether it filled the table.
 */
export async function ensureUnitList(tx: Queryable): Promise<boolean> {
  const stored = (await tx.query<{ value: { version: number } }>("SELECT value FROM meta WHERE key = 'unitList'")).rows[0];
  if (stored?.value.version === UNIT_LIST_VERSION) return false;
  await tx.query('DELETE FROM unit_list');
  const { rows } = await tx.query<{ data: Row }>('SELECT data FROM rows WHERE collection = $1 AND NOT deleted', [UNITS]);
  await writeUnitListEntries(
    tx,
    rows.map((row) => row.data),
    [],
  );
  await tx.query("INSERT INTO meta (key, value) VALUES ('unitList', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
    JSON.stringify({ version: UNIT_LIST_VERSION, filledAt: new Date().toISOString() }),
  ]);
  return true;
}

/** A query's bound parameters, numbered as they are added: SQL text never holds a value. */
function parameters() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown, type: string): string {
      values.push(value);
      return `$${values.length}::${type}`;
    },
  };
}

/** The WHERE clause of a scope, filters and search (with `now` for the status filter). */
function conditions(
  params: ReturnType<typeof parameters>,
  scope: OrganizationScope,
  query: Pick<ListQuery, 'filters' | 'search'> | null,
  now: number,
) {
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
    if (query.search) where.push(`EXISTS (SELECT 1 FROM unnest(u.search) AS s WHERE strpos(s, ${params.add(query.search, 'text')}) > 0)`);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** unitStatus as SQL on the entry: the status's name, or its place in STATUS_ORDER (how status sorts). */
function statusExpression(params: ReturnType<typeof parameters>, now: number, as: 'name' | 'order'): string {
  const value = (status: (typeof STATUS_ORDER)[number]) => (as === 'name' ? `'${status}'` : String(STATUS_ORDER.indexOf(status)));
  return `(CASE WHEN u.maintenance THEN ${value('maintenance')} WHEN ${params.add(now, 'bigint')} <= u.online_until_ms THEN ${value('online')} ELSE ${value('offline')} END)`;
}

/** The list as SQL; rows are the units' stored records (the same `data` the row store keeps). */
export function createSqlUnitList<R = Readonly<ServiceUnitRow>>(sql: Queryable): ServiceUnitListRepository<R> {
  return {
    async list(query, scope, now) {
      const page = parameters();
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const sortBy = isTextSort(query.sort)
        ? `u.${SORT_COLUMNS[query.sort]}`
        : query.sort === 'status'
          ? statusExpression(page, now, 'order')
          : `u.${SORT_COLUMNS.name}`;
      const where = conditions(page, scope, query, now);
      const limit = page.add(query.pageSize, 'int');
      const offset = page.add((query.page - 1) * query.pageSize, 'int');
      const count = parameters();
      const [rows, total] = await Promise.all([
        sql.query<{ data: R }>(
          `SELECT r.data FROM unit_list u JOIN rows r ON r.collection = '${UNITS}' AND r.id = u.id
           ${where} ORDER BY ${sortBy} ${direction}, u.id_key ${direction} LIMIT ${limit} OFFSET ${offset}`,
          page.values,
        ),
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM unit_list u ${conditions(count, scope, query, now)}`, count.values),
      ]);
      return { rows: rows.rows.map((row) => row.data), total: Number(total.rows[0]?.n ?? 0) };
    },
    async tags(scope) {
      const params = parameters();
      const { rows } = await sql.query<{ tag: string }>(
        `SELECT DISTINCT t AS tag FROM unit_list u, unnest(u.tags) AS t ${conditions(params, scope, null, 0)}`,
        params.values,
      );
      // Sorted here by the same rule as every list (a tag list is short).
      return rows.map((row) => row.tag).sort(compareTexts);
    },
  };
}
