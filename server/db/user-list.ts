import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import {
  ACCOUNT_STATUSES,
  USER_LIST_VERSION,
  userListEntry,
  userQueryScope,
  type UserListEntry,
  type UserListRepository,
  type UserListSource,
  type UserTextSort,
} from '../../core/user-list';
import type { Row } from '../../mirage/db';
import type { Queryable } from './sql';

/**
 * The users' list and export as SQL on `user_list` (server/migrations/003_user_list.sql): the same query
 * the embedded backend runs in memory (mirage/domains/users.ts), with the same order, because both sort by
 * core/user-list.ts's entries compared by code point. The table is written in the same transaction as the
 * users' rows (writeUserListEntries, from the row store), so it is never behind them.
 */

/** The users' collection in `rows`. */
export const USERS = 'users';
/** Entries per INSERT when filling the table. */
const CHUNK = 2_000;

/** Sortable column → its key column (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<UserTextSort | 'roleId' | 'status', string> = {
  fullName: 'u.full_name_key',
  username: 'u.username_key',
  email: 'u.email_key',
  lastSignInAt: 'u.last_sign_in_key',
  createdAt: 'u.created_key',
  roleId: 'u.role_id',
  // ACCOUNT_STATUSES' order, as the embedded backend sorts it.
  status: `array_position(ARRAY[${ACCOUNT_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], u.status)`,
};
const sortColumn = (sort: string): string =>
  Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS] : SORT_COLUMNS.fullName;

const COLUMNS = [
  'id',
  'organization_id',
  'id_key',
  'full_name_key',
  'username_key',
  'email_key',
  'last_sign_in_key',
  'created_key',
  'role_id',
  'status',
  'search',
] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_TYPES: Partial<Record<Column, string>> = { role_id: 'int', search: 'text[]' };

const asRecord = (entry: UserListEntry): Record<Column, unknown> => ({
  id: entry.id,
  organization_id: entry.organizationId,
  id_key: entry.idKey,
  full_name_key: entry.keys.fullName,
  username_key: entry.keys.username,
  email_key: entry.keys.email,
  last_sign_in_key: entry.keys.lastSignInAt,
  created_key: entry.keys.createdAt,
  role_id: entry.roleId,
  status: entry.status,
  search: entry.search,
});

const UPSERT = `INSERT INTO user_list (${COLUMNS.join(', ')})
  SELECT ${COLUMNS.join(', ')} FROM jsonb_to_recordset($1::jsonb)
    AS e(${COLUMNS.map((column) => `${column} ${COLUMN_TYPES[column] ?? 'text'}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((column) => column !== 'id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}`;

/** Stores the entries of users put and removes those of users deleted, inside the caller's transaction. */
export async function writeUserListEntries(tx: Queryable, put: readonly Row[], deleted: readonly string[]): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    const entries = put.slice(start, start + CHUNK).map((row) => asRecord(userListEntry(row as UserListSource & Row)));
    await tx.query(UPSERT, [JSON.stringify(entries)]);
  }
  if (deleted.length > 0) await tx.query('DELETE FROM user_list WHERE id = ANY($1::text[])', [deleted]);
}

/**
 * Fills `user_list` from the stored users when it was made by another version of the keys (or never: a
 * database stored before the table existed). Runs under the write lock. Resolves with whether it filled it.
 */
export async function ensureUserList(tx: Queryable): Promise<boolean> {
  const stored = (await tx.query<{ value: { version: number } }>("SELECT value FROM meta WHERE key = 'userList'")).rows[0];
  if (stored?.value.version === USER_LIST_VERSION) return false;
  await tx.query('DELETE FROM user_list');
  const { rows } = await tx.query<{ data: Row }>('SELECT data FROM rows WHERE collection = $1 AND NOT deleted', [USERS]);
  await writeUserListEntries(
    tx,
    rows.map((row) => row.data),
    [],
  );
  await tx.query("INSERT INTO meta (key, value) VALUES ('userList', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
    JSON.stringify({ version: USER_LIST_VERSION, filledAt: new Date().toISOString() }),
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

/** The WHERE clause of a scope (narrowed by the organizationId filter), the role and status filters and the search. */
function conditions(params: ReturnType<typeof parameters>, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'>) {
  const where: string[] = [];
  const organizations = userQueryScope(query, scope);
  if (organizations !== 'all') where.push(`u.organization_id = ANY(${params.add([...organizations], 'text[]')})`);
  const roles = query.filters['role'];
  // A role that is not a number matches no user (as in memory, where it is compared as text).
  if (roles) where.push(`u.role_id::text = ANY(${params.add(roles, 'text[]')})`);
  const statuses = query.filters['status'];
  if (statuses) where.push(`u.status = ANY(${params.add(statuses, 'text[]')})`);
  if (query.search) where.push(`EXISTS (SELECT 1 FROM unnest(u.search) AS s WHERE strpos(s, ${params.add(query.search, 'text')}) > 0)`);
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The list as SQL; rows are the users' stored records (the same `data` the row store keeps). */
export function createSqlUserList<R>(sql: Queryable): UserListRepository<R> {
  return {
    async list(query, scope) {
      const page = parameters();
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const where = conditions(page, scope, query);
      const limit = page.add(query.pageSize, 'int');
      const offset = page.add((query.page - 1) * query.pageSize, 'int');
      const count = parameters();
      const [rows, total] = await Promise.all([
        sql.query<{ data: R }>(
          `SELECT r.data FROM user_list u JOIN rows r ON r.collection = '${USERS}' AND r.id = u.id
           ${where} ORDER BY ${sortColumn(query.sort)} ${direction}, u.id_key ${direction} LIMIT ${limit} OFFSET ${offset}`,
          page.values,
        ),
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_list u ${conditions(count, scope, query)}`, count.values),
      ]);
      return { rows: rows.rows.map((row) => row.data), total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}
