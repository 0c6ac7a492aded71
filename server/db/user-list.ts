import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import { ACCOUNT_STATUSES, userQueryScope, type UserListRepository, type UserTextSort } from '../../core/user-list';
import type { AdminUserRow } from '../../mirage/user-store';
import { bindableQuery, type Parameters, searchCondition, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';
import { USER_COLUMNS, userOf, type UserColumns } from './users';

/**
 * The users' list and export as SQL on `users` (server/migrations/026_users.sql, its keys as columns): the
 * same query the embedded backend runs in memory (mirage/domains/users.ts), with the same order, because both
 * sort by core/user-list.ts's entries compared by code point, which are columns written with each account.
 */
/** Sortable column → its key column (an allow-list: nothing else reaches ORDER BY). */
const SORT_COLUMNS: Record<UserTextSort | 'roleId' | 'status', string> = {
  fullName: 'u.full_name_key',
  username: 'u.username_key',
  email: 'u.email_key',
  lastSignInAt: 'u.last_sign_in_key',
  createdAt: 'u.created_key',
  roleId: 'u.role_id',
  // ACCOUNT_STATUSES' order, as the embedded backend sorts it.
  status: `array_position(ARRAY[${ACCOUNT_STATUSES.map((status) => `'${status}'`).join(', ')}]::text[], u.list_status)`,
};
const sortColumn = (sort: string): string =>
  Object.hasOwn(SORT_COLUMNS, sort) ? SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS] : SORT_COLUMNS.fullName;

/** The WHERE clause of a scope (narrowed by the organizationId filter), the role and status filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'>) {
  const where: string[] = [];
  const organizations = userQueryScope(query, scope);
  if (organizations !== 'all') where.push(`u.organization_id = ANY(${params.add([...organizations], 'text[]')})`);
  const roles = query.filters['role'];
  // A role that is not a number matches no user (as in memory, where it is compared as text).
  if (roles) where.push(`u.role_id::text = ANY(${params.add(roles, 'text[]')})`);
  const statuses = query.filters['status'];
  if (statuses) where.push(`u.list_status = ANY(${params.add(statuses, 'text[]')})`);
  if (query.search) where.push(searchCondition(params, 'u', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The list as SQL; rows are the accounts as the repository reads them (users.ts). */
export function createSqlUserList(sql: Queryable): UserListRepository<AdminUserRow> {
  return {
    async list(asked, scope) {
      const query = bindableQuery(asked);
      if (!query) return { rows: [], total: 0 };
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      return tablePage<AdminUserRow, UserColumns>(
        reader(sql),
        { table: 'users', columns: USER_COLUMNS, joins: '', record: userOf },
        {
          alias: 'u',
          where: (params) => conditions(params, scope, query),
          orderBy: () => `${sortColumn(query.sort)} ${direction}, u.id_key ${direction}`,
          page: query.page,
          pageSize: query.pageSize,
        },
      );
    },
  };
}
