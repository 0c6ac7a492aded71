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
import { bindableQuery, listTable, type Parameters, searchCondition, searchText, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The users' list and export as SQL on `user_list` (server/migrations/003_user_list.sql): the same query
 * the embedded backend runs in memory (mirage/domains/users.ts), with the same order, because both sort by
 * core/user-list.ts's entries compared by code point. The table is written in the same transaction as the
 * users' rows (userListTable, from the row store), so it is never behind them.
 */

/** The users' collection in `rows`. */
export const USERS = 'users';
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
  'search_text',
] as const;
type Column = (typeof COLUMNS)[number];
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
  search_text: searchText(entry.search),
});

/** The users' list table (server/migrations/003_user_list.sql), written with the users' rows. */
export const userListTable = listTable({
  table: 'user_list',
  collection: USERS,
  metaKey: 'userList',
  version: USER_LIST_VERSION,
  columns: COLUMNS,
  types: { role_id: 'int', search: 'text[]' },
  record: (row) => asRecord(userListEntry(row as UserListSource & Row)),
});

/** The WHERE clause of a scope (narrowed by the organizationId filter), the role and status filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'>) {
  const where: string[] = [];
  const organizations = userQueryScope(query, scope);
  if (organizations !== 'all') where.push(`u.organization_id = ANY(${params.add([...organizations], 'text[]')})`);
  const roles = query.filters['role'];
  // A role that is not a number matches no user (as in memory, where it is compared as text).
  if (roles) where.push(`u.role_id::text = ANY(${params.add(roles, 'text[]')})`);
  const statuses = query.filters['status'];
  if (statuses) where.push(`u.status = ANY(${params.add(statuses, 'text[]')})`);
  if (query.search) where.push(searchCondition(params, 'u', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The list as SQL; rows are the users' stored records (the same `data` the row store keeps). */
export function createSqlUserList<R>(sql: Queryable): UserListRepository<R> {
  return {
    async list(asked, scope) {
      const query = bindableQuery(asked);
      if (!query) return { rows: [], total: 0 };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<R>(reader(sql), userListTable, {
        alias: 'u',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `${sortColumn(query.sort)} ${direction}, u.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
