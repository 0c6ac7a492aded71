import { hashPassword, randomToken } from '../crypto';
import { changeCountOf, insertSeedRows, type MirageDb } from '../db';
import type { ListParams } from '../list';
import { insertInSlices, timeSlicer } from '../seed-slices';
import type { MirageContext, MirageDomain } from '../types';
import type { RoleId } from '../../machines/permissions/can';
import { normalizeOrg, orgTable } from '../organization-store';
import { DEMO_PASSWORD } from './accounts';
import { compareCodePoints } from '../../core/record-ids';
import type { OrganizationScope } from '../../core/service-unit-list';
import {
  userListEntry,
  userQueryScope,
  userSortValue,
  type AccountStatus,
  type UserListEntry,
  type UserListRepository,
} from '../../core/user-list';
import { createRandom } from '../../core/random';
import { USERS, usersTable, type AdminUserRow } from '../user-store';

/**
 * Users (docs/users.md): the seed and the list in memory. Every operation on them is the API app's
 * (api/routes/users.ts and api/services/users.ts; the set-password link's in api/services/auth.ts).
 */

export type { UserView } from '../../api/services/users';

// --- list -------------------------------------------------------------------------------------------

/** Every user sorted by one column and order, with their list entries (core/user-list.ts). */
interface SortedUsers {
  rows: readonly Readonly<AdminUserRow>[];
  entries: readonly UserListEntry[];
}
/** Kept until the users table changes: computing every user's keys and sorting is the slow part of a list answer. */
const sortedCache = new WeakMap<object, { changes: number; entries: readonly UserListEntry[]; byKey: Map<string, SortedUsers> }>();

function sortedUsers(db: MirageDb, sort: string, order: 'asc' | 'desc'): SortedUsers {
  const changes = changeCountOf(db, 'users');
  let cache = sortedCache.get(db);
  if (!cache || cache.changes !== changes) {
    sortedCache.set(db, (cache = { changes, entries: usersTable(db).rows().map(userListEntry), byKey: new Map() }));
  }
  const key = `${sort}:${order}`;
  const hit = cache.byKey.get(key);
  if (hit) return hit;
  // Ties break by id in the same direction, so one order is exactly the other reversed: O(n), no sort.
  const opposite = cache.byKey.get(`${sort}:${order === 'desc' ? 'asc' : 'desc'}`);
  if (opposite) {
    const reversed: SortedUsers = { rows: [...opposite.rows].reverse(), entries: [...opposite.entries].reverse() };
    cache.byKey.set(key, reversed);
    return reversed;
  }
  const dir = order === 'desc' ? -1 : 1;
  const rows = usersTable(db).rows();
  const keyed = cache.entries.map((entry, index) => ({ entry, index, value: userSortValue(entry, sort) }));
  keyed.sort((a, b) => {
    const x = a.value;
    const y = b.value;
    const c =
      (typeof x === 'string' && typeof y === 'string' ? compareCodePoints(x, y) : x < y ? -1 : x > y ? 1 : 0) ||
      compareCodePoints(a.entry.idKey, b.entry.idKey);
    return c * dir;
  });
  const sorted: SortedUsers = { rows: keyed.map((k) => rows[k.index] as Readonly<AdminUserRow>), entries: keyed.map((k) => k.entry) };
  cache.byKey.set(key, sorted);
  return sorted;
}

/**
 * Filter, search and sort the users in scope. The sorted order of all users is cached per column and
 * order until the table changes, so a page change, filter or search is one pass over it (no copy, no
 * sort); ties break by id (core/list-query.ts idSortKey). The SQL store runs the same query.
 */
function listRows(db: MirageDb, params: ListParams, scope: OrganizationScope): readonly Readonly<AdminUserRow>[] {
  const sorted = sortedUsers(db, params.sort, params.order);
  const orgs = userQueryScope(params, scope);
  const roles = params.filters['role'];
  const statuses = params.filters['status'];
  const search = params.search;
  if (orgs === 'all' && !roles && !statuses && !search) return sorted.rows;
  const orgSet = orgs === 'all' ? null : new Set(orgs);
  const out: Readonly<AdminUserRow>[] = [];
  sorted.entries.forEach((entry, i) => {
    if (orgSet && !orgSet.has(entry.organizationId)) return;
    if (roles && !roles.includes(String(entry.roleId))) return;
    if (statuses && !statuses.includes(entry.status)) return;
    if (search && !entry.search.some((text) => text.includes(search))) return;
    out.push(sorted.rows[i] as Readonly<AdminUserRow>);
  });
  return out;
}

/** The users' list answered from the rows in memory (the embedded backend). */
export function memoryUserList(db: MirageDb): UserListRepository<Readonly<AdminUserRow>> {
  return {
    list(query, scope) {
      const rows = listRows(db, query, scope);
      const start = (query.page - 1) * query.pageSize;
      return Promise.resolve({ rows: rows.slice(start, start + query.pageSize), total: rows.length });
    },
  };
}

/** The users' list in memory (the embedded backend's). */
export const userListStore = (db: MirageDb): UserListRepository<Readonly<AdminUserRow>> => memoryUserList(db);

// --- seed -------------------------------------------------------------------------------------------

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Karin',
  'Liam',
  'Maria',
  'Nils',
  'Olga',
  'Paulo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Uwe',
  'Vera',
  'Will',
  'Xenia',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Almeida',
  'Becker',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Keller',
  'Laurent',
  'Moreau',
  'Novak',
  'Oliveira',
  'Petit',
  'Quast',
  'Rossi',
  'Santos',
  'Tanaka',
  'Urban',
  'Vogel',
  'Weber',
  'Young',
  'Zimmer',
];

export const LARGE_USER_COUNT = 50_000;

/** The large seed's generated accounts are named `first.last.n`; the named demo accounts never are. */
export const isGeneratedUsername = (username: string): boolean => /^[a-z]+\.[a-z]+\.\d+$/.test(username);

/** Extra accounts of the default seed: every role and status, in both demo organizations. */
const DEFAULT_EXTRA: readonly {
  fullName: string;
  username: string;
  roleId: RoleId;
  org: 'Acme Logistics' | 'Globex Retail';
  status: AccountStatus;
}[] = [
  { fullName: 'Paula Planner', username: 'paula', roleId: 2, org: 'Acme Logistics', status: 'active' },
  { fullName: 'Igor Invited', username: 'igor', roleId: 4, org: 'Acme Logistics', status: 'invited' },
  { fullName: 'Dora Disabled', username: 'dora', roleId: 4, org: 'Acme Logistics', status: 'disabled' },
  { fullName: 'Sam Support', username: 'sam', roleId: 3, org: 'Acme Logistics', status: 'active' },
  { fullName: 'Gabe Globex Admin', username: 'gabe', roleId: 2, org: 'Globex Retail', status: 'active' },
  { fullName: 'Gina Globex', username: 'gina', roleId: 4, org: 'Globex Retail', status: 'active' },
];

async function seed(db: MirageDb, ctx: MirageContext): Promise<void> {
  const users = usersTable(db);
  const now = ctx.now();
  const day = 86_400_000;
  const existing = users.all();
  const superAdmin = existing.find((u) => u.roleId === 1);
  for (const u of existing) {
    if (u.accountStatus) continue;
    users.update(u.id, {
      accountStatus: 'active',
      lastSignInAt: null,
      invitedBy: '',
      invitedByName: '',
      setPasswordDigest: '',
      setPasswordExpiresAt: 0,
      updatedAt: u.createdAt,
    });
  }
  const orgs = orgTable(db).all().map(normalizeOrg);
  const byName = new Map(orgs.map((o) => [o.name, String(o.id)]));
  // Every seeded account shares the demo password: one hash, computed once (PBKDF2 is deliberately slow).
  const template = existing[0];
  const salt = template?.salt ?? 'seed-salt';
  const passwordHash = template?.passwordHash ?? '';
  const base = {
    about: '',
    photoURL: '',
    status: 'offline' as const,
    providerId: 'mirage',
    invitedBy: superAdmin ? String(superAdmin.id) : '',
    invitedByName: superAdmin?.fullName ?? '',
    setPasswordDigest: '',
    setPasswordExpiresAt: 0,
  };
  const rows: Omit<AdminUserRow, 'id'>[] = DEFAULT_EXTRA.map((x, i) => {
    const at = new Date(now - (90 - i * 7) * day).toISOString();
    return {
      ...base,
      username: x.username,
      email: `${x.username}@${x.org === 'Acme Logistics' ? 'acme' : 'globex'}.example`,
      displayName: x.fullName,
      fullName: x.fullName,
      phoneNumber: '',
      roleId: x.roleId,
      organizationId: byName.get(x.org) ?? '1',
      salt,
      passwordHash: x.status === 'invited' ? '' : passwordHash,
      createdAt: at,
      updatedAt: at,
      accountStatus: x.status,
      lastSignInAt: x.status === 'active' ? new Date(now - (i + 1) * 3_600_000).toISOString() : null,
    };
  });
  // The named demo accounts get their own salt and hash, like every real account (identical hashes
  // would tell a reader of the database that the passwords are the same).
  for (const row of rows) {
    if (!row.passwordHash) continue;
    row.salt = randomToken(8);
    row.passwordHash = await hashPassword(DEMO_PASSWORD, row.salt);
  }
  if (ctx.seed === 'large') {
    const rand = createRandom(5151);
    const orgIds = orgs.map((o) => String(o.id));
    const target = LARGE_USER_COUNT - existing.length - rows.length;
    const slicer = timeSlicer();
    for (let i = 0; i < target; i += 1) {
      if (i % 1000 === 999) await slicer.breathe();
      const first = FIRST[Math.floor(rand() * FIRST.length)] as string;
      const last = LAST[Math.floor(rand() * LAST.length)] as string;
      const username = `${first}.${last}.${i + 1}`.toLowerCase(); // isGeneratedUsername() relies on this shape
      const r = rand();
      const status: AccountStatus = r < 0.9 ? 'active' : r < 0.96 ? 'invited' : 'disabled';
      const roll = rand();
      const roleId: RoleId = roll < 0.002 ? 1 : roll < 0.05 ? 2 : roll < 0.1 ? 3 : 4;
      const at = new Date(now - Math.floor(rand() * 700) * day).toISOString();
      rows.push({
        ...base,
        username,
        email: `${username}@example.test`,
        displayName: `${first} ${last}`,
        fullName: `${first} ${last}`,
        phoneNumber: '',
        roleId,
        organizationId: orgIds[i % orgIds.length] as string,
        salt,
        passwordHash: status === 'invited' ? '' : passwordHash,
        createdAt: at,
        updatedAt: at,
        accountStatus: status,
        lastSignInAt: status === 'active' && rand() < 0.7 ? new Date(now - Math.floor(rand() * 30 * day)).toISOString() : null,
      });
    }
  }
  // The large seed's 50,000 rows go in slices (the page stays responsive); the default seed's few at once.
  if (ctx.seed === 'large') await insertInSlices((slice) => insertSeedRows<AdminUserRow>(db, USERS, slice), rows, timeSlicer());
  else users.insertMany(rows);
}

export const usersDomain: MirageDomain = {
  name: 'users',
  seed,
  routes: () => undefined,
};
