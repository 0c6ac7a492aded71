import type { ListQuery, ListSpec } from './list-query';
import { idSortKey, textSortKey } from './list-query';
import type { OrganizationScope } from './service-unit-list';

/**
 * The users' list (GET /api/users and its export) behind one async interface, as the service units' list
 * (core/service-unit-list.ts): the embedded backend answers it from memory, the server as SQL
 * (server/db/user-list.ts). Both order, filter and search by userListEntry, so they return the same ids
 * in the same order by construction (proved by server/db/user-list.test.ts).
 */

export type AccountStatus = 'invited' | 'active' | 'disabled';
/** Status sorts in this order (its index). */
export const ACCOUNT_STATUSES: readonly AccountStatus[] = ['invited', 'active', 'disabled'];

/** What the list needs of a user row. */
export interface UserListSource {
  id: string | number;
  organizationId: string | number;
  fullName: string;
  username: string;
  email: string;
  roleId: number;
  accountStatus?: AccountStatus;
  lastSignInAt?: string | null;
  createdAt: string;
}

export interface UserListPage<R> {
  rows: R[];
  /** How many users match the query's scope, filters and search (all pages). */
  total: number;
}

export interface UserListRepository<R> {
  /**
   * One page of the query (the export asks page 1 of up to 20,000 rows), with the total. `scope` is what
   * the caller may read; the query's `organizationId` filter narrows it, never widens it.
   */
  list(query: ListQuery, scope: OrganizationScope): Promise<UserListPage<R>>;
}

/** Raise with any change to userListEntry or the sort keys: a store that keeps entries fills them again. */
export const USER_LIST_VERSION = 1;

/** Columns sorted by their text (textSortKey); roleId and status sort by number. */
export const USER_TEXT_SORTS = ['fullName', 'username', 'email', 'lastSignInAt', 'createdAt'] as const;
export type UserTextSort = (typeof USER_TEXT_SORTS)[number];

/** A user as the list sees it: what every store sorts, filters and searches by. */
export interface UserListEntry {
  id: string;
  organizationId: string;
  idKey: string;
  keys: Record<UserTextSort, string>;
  roleId: number;
  status: AccountStatus;
  /** The texts a search looks in, lower-cased: a search matches when one contains it. */
  search: string[];
}

/** The account's status as stored (rows older than statuses count as active). */
export const statusOfUser = (user: Pick<UserListSource, 'accountStatus'>): AccountStatus => user.accountStatus ?? 'active';

export function userListEntry(user: UserListSource): UserListEntry {
  return {
    id: String(user.id),
    organizationId: String(user.organizationId),
    idKey: idSortKey(user.id),
    keys: {
      fullName: textSortKey(user.fullName),
      username: textSortKey(user.username),
      email: textSortKey(user.email),
      // Never signed in sorts first, as the empty text.
      lastSignInAt: textSortKey(user.lastSignInAt ?? ''),
      createdAt: textSortKey(user.createdAt),
    },
    roleId: user.roleId,
    status: statusOfUser(user),
    search: [user.fullName, user.username, user.email].map((text) => text.toLowerCase()),
  };
}

/** The organizations a query reads: the caller's scope, narrowed by its organizationId filter. */
export function userQueryScope(query: Pick<ListQuery, 'filters'>, scope: OrganizationScope): OrganizationScope {
  const wanted = query.filters['organizationId'];
  if (!wanted) return scope;
  return scope === 'all' ? wanted : wanted.filter((id) => scope.includes(id));
}

const isTextSort = (sort: string): sort is UserTextSort => (USER_TEXT_SORTS as readonly string[]).includes(sort);

/** What an entry sorts by: a text key (compared by code point) or a number (role, status's place). */
export function userSortValue(entry: UserListEntry, sort: string): string | number {
  if (sort === 'roleId') return entry.roleId;
  if (sort === 'status') return ACCOUNT_STATUSES.indexOf(entry.status);
  return entry.keys[isTextSort(sort) ? sort : 'fullName'];
}

/**
 * The list's columns, filters and search, as the API reads a request's query with them. A store answers the
 * query by userListEntry (the memory list of mirage/domains/users.ts, the SQL of server/db/user-list.ts), not
 * by these functions.
 */
export const USER_LIST_SPEC: ListSpec<UserListSource> = {
  sortBy: Object.fromEntries(
    [...USER_TEXT_SORTS, 'roleId', 'status'].map((column) => [column, (u: UserListSource) => userSortValue(userListEntry(u), column)]),
  ),
  defaultSort: 'fullName',
  filters: {
    organizationId: (u, values) => values.includes(String(u.organizationId)),
    role: (u, values) => values.includes(String(u.roleId)),
    status: (u, values) => values.includes(statusOfUser(u)),
  },
  searchIn: (u) => userListEntry(u).search,
  maxPageSize: 100,
};
