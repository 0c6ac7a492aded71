import type { Request } from 'miragejs';
import { hashPassword, randomToken } from '../crypto';
import { changeCountOf, type MirageDb } from '../db';
import { sessionStore } from '../sessions';
import {
  inputRefusal,
  errorAnswer,
  errorResponse,
  permits,
  subjectOf,
  isRecord,
  json,
  jsonVersioned,
  parseBody,
  staleWriteRefusal,
  withAuth,
  type UserRow,
} from '../http';
import { versionOf } from '../../core/versions';
import { queryValues, readListParams, type ListParams, type ListSpec } from '../list';
import { insertInSlices, timeSlicer } from '../seed-slices';
import type { MirageContext, MirageDomain } from '../types';
import { can, readScope, ROLE, type Action, type PermissionReason, type RoleId } from '../../machines/permissions/can';
import { auditPage, recordAudit } from './audit';
import { normalizeOrg, orgTable, organizationBlocksSignIn, organizationStore } from '../organization-store';
import { DEMO_PASSWORD } from './accounts';
import { readUserFields, type UserFields } from '../../core/user-input';
import { compareCodePoints } from '../../core/record-ids';
import type { OrganizationScope } from '../../core/service-unit-list';
import {
  ACCOUNT_STATUSES,
  USER_TEXT_SORTS,
  statusOfUser,
  userListEntry,
  userQueryScope,
  type AccountStatus,
  type UserListEntry,
  type UserListRepository,
  type UserTextSort,
} from '../../core/user-list';
import { createRandom } from '../../core/random';
import { usersTable, userStore, type AdminUserRow } from '../user-store';
import { givenRepository } from '../given-repositories';

/**
 * Users under /api/users (see docs/users.md): list with filters (organization, role, status, search),
 * invite with a one-time set-password link, edit, disable/enable, reset password, revoke sessions,
 * delete, and the audit trail. Public: /api/set-password (check and use a link).
 *
 * Every user belongs to exactly one organization, super admins included (their home organization;
 * they act in every organization).
 */

export type { AccountStatus };

/** The stored user plus the administration fields (absent on rows older than this domain: active). */

export interface UserView {
  id: string;
  fullName: string;
  username: string;
  email: string;
  phone: string;
  roleId: RoleId;
  organizationId: string;
  organizationName: string;
  status: AccountStatus;
  lastSignInAt: string | null;
  createdAt: string;
  invitedBy: string;
  invitedByName: string;
  /** A set-password link is open (invited, or after a reset). */
  hasOpenLink: boolean;
  /** Raised by every administrator's change through the API (If-Match). */
  version: number;
  updatedAt?: string;
  /** Which administrator made the last change through the API, when known. */
  updatedBy?: string;
}

export { statusOfUser };

export const SET_PASSWORD_LINK_DAYS = 7;

/** Why an account may not sign in (after its password was checked), or null. */
export async function signInRefusal(db: MirageDb, user: UserRow): Promise<{ status: number; message: string; code: string } | null> {
  const row = user as AdminUserRow;
  const status = statusOfUser(row);
  if (status === 'disabled')
    return { status: 403, code: 'accountDisabled', message: 'This account is disabled. Please contact your administrator.' };
  if (status === 'invited')
    return { status: 403, code: 'accountInvited', message: 'This account is not activated yet. Open the set-password link you received.' };
  const org = await organizationBlocksSignIn(db, user.organizationId);
  if (org) {
    return {
      status: 403,
      code: org === 'suspended' ? 'organizationSuspended' : 'organizationArchived',
      message: `Your organization is ${org}. Please contact your administrator.`,
    };
  }
  return null;
}

// --- views ------------------------------------------------------------------------------------------

/** The names of these users' organizations, by id. */
async function orgNames(db: MirageDb, users: readonly Pick<UserRow, 'organizationId'>[]): Promise<Map<string, string>> {
  const ids = [...new Set(users.map((u) => String(u.organizationId)))];
  return new Map((await organizationStore(db).getMany(ids)).map((o) => [String(o.id), o.name]));
}

export function toUserView(u: AdminUserRow, names: Map<string, string>): UserView {
  return {
    id: String(u.id),
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    phone: u.phoneNumber,
    roleId: u.roleId,
    organizationId: String(u.organizationId),
    organizationName: names.get(String(u.organizationId)) ?? '',
    status: statusOfUser(u),
    lastSignInAt: u.lastSignInAt ?? null,
    createdAt: u.createdAt,
    invitedBy: u.invitedBy ?? '',
    invitedByName: u.invitedByName ?? '',
    // A disabled account's link does not open (findByToken), so its row shows none.
    hasOpenLink: Boolean(u.setPasswordDigest) && statusOfUser(u) !== 'disabled',
    version: versionOf(u),
    ...(u.updatedAt ? { updatedAt: u.updatedAt } : {}),
    ...(u.updatedBy ? { updatedBy: u.updatedBy } : {}),
  };
}

function auditShape(u: AdminUserRow): Record<string, unknown> {
  return {
    fullName: u.fullName,
    username: u.username,
    email: u.email,
    phone: u.phoneNumber,
    roleId: u.roleId,
    organizationId: String(u.organizationId),
    status: statusOfUser(u),
  };
}

// --- list -------------------------------------------------------------------------------------------

/**
 * The list's columns, filters and search, as the request reads them. A store answers the query by
 * core/user-list.ts's entries (listRows below, and the SQL of server/db/user-list.ts), not by these functions.
 */
const LIST_SPEC: ListSpec<AdminUserRow> = {
  sortBy: Object.fromEntries(
    [...USER_TEXT_SORTS, 'roleId', 'status'].map((column) => [column, (u: AdminUserRow) => sortValue(userListEntry(u), column)]),
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

/** Every user sorted by one column and order, with their list entries (core/user-list.ts). */
interface SortedUsers {
  rows: readonly Readonly<AdminUserRow>[];
  entries: readonly UserListEntry[];
}
/** Kept until the users table changes: computing every user's keys and sorting is the slow part of a list answer. */
const sortedCache = new WeakMap<object, { changes: number; entries: readonly UserListEntry[]; byKey: Map<string, SortedUsers> }>();

const isTextSort = (sort: string): sort is UserTextSort => (USER_TEXT_SORTS as readonly string[]).includes(sort);

/** What an entry sorts by: a text key (compared by code point) or a number (role, status's place). */
function sortValue(entry: UserListEntry, sort: string): string | number {
  if (sort === 'roleId') return entry.roleId;
  if (sort === 'status') return ACCOUNT_STATUSES.indexOf(entry.status);
  return entry.keys[isTextSort(sort) ? sort : 'fullName'];
}

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
  const keyed = cache.entries.map((entry, index) => ({ entry, index, value: sortValue(entry, sort) }));
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

/** The organizations whose users the caller may read (can.ts readScope). */
function userScope(user: UserRow): OrganizationScope {
  const readable = readScope(subjectOf(user), 'user');
  if (readable.kind === 'all') return 'all';
  return readable.kind === 'own' && readable.organizationId !== null ? [String(readable.organizationId)] : [];
}

/** Rows of the export at most (GET /api/users/export). */
const EXPORT_LIMIT = 20_000;

// --- validation -------------------------------------------------------------------------------------

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

interface UserInput extends UserFields {
  organizationId: string;
}

/** The fields' own rule (core/user-input.ts, which the form runs too), then what only the backend knows. */
async function readUserInput(
  db: MirageDb,
  body: unknown,
  exceptId?: string,
): Promise<{ value: UserInput; errors: Record<string, string> }> {
  const b = isRecord(body) ? body : {};
  const { value: fields, errors } = readUserFields(b);
  const { username, email } = fields;
  const organizationId = typeof b['organizationId'] === 'number' ? String(b['organizationId']) : text(b['organizationId']);
  if (!organizationId) errors['organizationId'] = 'required';
  else if (!(await organizationStore(db).get(organizationId))) errors['organizationId'] = 'unknownOrganization';
  if (!errors['username'] || !errors['email']) {
    for (const u of (await userStore(db).withLogin([username, email])).filter((u) => String(u.id) !== exceptId)) {
      if (!errors['username'] && u.username.toLowerCase() === username) errors['username'] = 'duplicateUsername';
      if (!errors['email'] && u.email.toLowerCase() === email) errors['email'] = 'duplicateEmail';
    }
  }
  return {
    value: { ...fields, organizationId },
    errors,
  };
}

async function activeSuperAdminCount(db: MirageDb): Promise<number> {
  return (await userStore(db).withRole(ROLE.superAdmin)).filter((u) => statusOfUser(u) === 'active').length;
}

/** Whether an organization takes new or moved members: only an active one (a suspended or archived one cannot sign in). */
async function organizationIsActive(db: MirageDb, organizationId: string): Promise<boolean> {
  return (await organizationBlocksSignIn(db, organizationId)) === null;
}

/**
 * Moving this user into `organizationId` would leave no active super admin who can sign in (one in an active
 * organization): nobody would be left to reactivate anything.
 */
async function wouldLockOut(db: MirageDb, target: AdminUserRow, organizationId: string): Promise<boolean> {
  if (target.roleId !== ROLE.superAdmin || statusOfUser(target) !== 'active' || (await organizationIsActive(db, organizationId)))
    return false;
  const others = (await userStore(db).withRole(ROLE.superAdmin)).filter(
    (u) => String(u.id) !== String(target.id) && statusOfUser(u) === 'active',
  );
  for (const other of others) if (await organizationIsActive(db, String(other.organizationId))) return false;
  return true;
}

/**
 * The body with the caller's organization filled in when they manage one organization only and left the field
 * out. A field naming another organization stays as it is, so can() refuses it (403), never ignores it.
 */
function organizationOrOwn(user: UserRow, body: unknown): unknown {
  if (!isRecord(body)) return body;
  const given = body['organizationId'];
  const missing = given === undefined || given === null || given === '';
  // A caller who administers one organization only may leave the field out: it is theirs.
  return missing && readScope(subjectOf(user), 'user').kind === 'own' ? { ...body, organizationId: String(user.organizationId) } : body;
}

/** The record can() judges: the target's organization, role and the last-super-admin fact. */
async function subjectRecord(db: MirageDb, target: AdminUserRow, nextRoleId?: RoleId) {
  return {
    id: String(target.id),
    organizationId: String(target.organizationId),
    roleId: target.roleId,
    ...(nextRoleId !== undefined ? { nextRoleId } : {}),
    status: statusOfUser(target),
    activeSuperAdminCount: await activeSuperAdminCount(db),
  };
}

const REFUSALS: Partial<Record<PermissionReason, string>> = {
  ownRoleOrStatus: 'You cannot change your own role or status.',
  roleAboveOwn: 'You cannot manage a role above your own.',
  readOnlyRole: 'Your role may only read users.',
  superAdminOnly: 'Only a super admin may do this.',
  otherOrganization: 'You may only manage users of your own organization.',
  inactiveAccount: 'Your account is not active.',
};

/**
 * can() decides every change to an account: 404 when the caller may not even see it (another
 * organization), 409 for the last active super admin, 403 with can()'s reason otherwise.
 */
async function guardChange(db: MirageDb, actor: UserRow, target: AdminUserRow, action: Action, nextRoleId?: RoleId) {
  if (!canRead(actor, target)) return errorResponse(404, 'User not found');
  const decision = can(subjectOf(actor), action, 'user', await subjectRecord(db, target, nextRoleId));
  if (decision.allowed) return null;
  if (decision.reason === 'otherOrganization') return errorResponse(404, 'User not found');
  if (decision.reason === 'lastSuperAdmin') {
    return errorAnswer(409, 'The last active super admin cannot be demoted, disabled or deleted.', { code: 'lastSuperAdmin' });
  }
  return errorAnswer(403, REFUSALS[decision.reason] ?? 'Forbidden', { code: decision.reason });
}

function canRead(actor: UserRow, target: AdminUserRow): boolean {
  return permits(actor, 'read', 'user', { organizationId: String(target.organizationId), roleId: target.roleId });
}

// --- set-password links -----------------------------------------------------------------------------

async function digestOf(token: string): Promise<string> {
  // One PBKDF2 round is enough for a 24-byte random token: the digest only keeps it out of the db.
  return hashPassword(token, 'set-password-link', 1);
}

async function openLink(db: MirageDb, id: string | number, now: number): Promise<{ token: string; path: string; expiresAt: string }> {
  const token = randomToken(24);
  const expiresAt = now + SET_PASSWORD_LINK_DAYS * 86_400_000;
  await userStore(db).update(String(id), { setPasswordDigest: await digestOf(token), setPasswordExpiresAt: expiresAt });
  return { token, path: `/set-password?token=${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

async function findByToken(db: MirageDb, token: string, now: number): Promise<AdminUserRow | null> {
  if (!/^[0-9a-f]{16,128}$/.test(token)) return null;
  const digest = await digestOf(token);
  const user = await userStore(db).withSetPasswordDigest(digest);
  if (!user || (user.setPasswordExpiresAt ?? 0) < now || statusOfUser(user) === 'disabled') return null;
  return user;
}

export function revokeUserSessions(db: MirageDb, userId: string): Promise<number> {
  return sessionStore(db).revokeOfUsers([userId]);
}

// --- routes -----------------------------------------------------------------------------------------

const notFound = () => errorResponse(404, 'User not found');
const forbidden = () => errorResponse(403, 'Forbidden');

function routes(server: Parameters<MirageDomain['routes']>[0], ctx: MirageContext): void {
  const authed = (handler: Parameters<typeof withAuth>[1]) => withAuth(server, handler);
  const mayList = (user: UserRow) => permits(user, 'read', 'user', { organizationId: String(user.organizationId) });

  const findTarget = (db: MirageDb, request: Request) => userStore(db).get(String(request.params['id']));

  server.get(
    '/users',
    authed(async ({ db, request, user }) => {
      if (!mayList(user)) return forbidden();
      const params = readListParams(request, LIST_SPEC);
      const { rows, total } = await (givenRepository<ReturnType<typeof memoryUserList>>(db, 'userList') ?? memoryUserList(db)).list(
        params,
        userScope(user),
      );
      const names = await orgNames(db, rows);
      return json(200, { items: rows.map((u) => toUserView(u, names)), total, page: params.page, pageSize: params.pageSize });
    }),
  );

  server.get(
    '/users/export',
    authed(async ({ db, request, user }) => {
      if (!mayList(user)) return forbidden();
      const query = { ...readListParams(request, LIST_SPEC), page: 1, pageSize: EXPORT_LIMIT };
      const { rows, total } = await (givenRepository<ReturnType<typeof memoryUserList>>(db, 'userList') ?? memoryUserList(db)).list(
        query,
        userScope(user),
      );
      const names = await orgNames(db, rows);
      return json(200, { items: rows.map((u) => toUserView(u, names)), total });
    }),
  );

  server.get(
    '/users/:id',
    authed(async ({ db, request, user }) => {
      if (!mayList(user)) return forbidden();
      const target = await findTarget(db, request);
      if (!target || !canRead(user, target)) return notFound();
      return jsonVersioned(200, toUserView(target, await orgNames(db, [target])), versionOf(target));
    }),
  );

  server.get(
    '/users/:id/audit',
    authed(async ({ db, request, user }) => {
      if (!permits(user, 'read', 'auditLog', { organizationId: String(user.organizationId) })) return forbidden();
      const target = await findTarget(db, request);
      if (!target || !canRead(user, target)) return notFound();
      return json(200, await auditPage(db, request, { resource: 'user', recordId: String(target.id) }));
    }),
  );

  // Invite: the account is created "invited", without a password, with a one-time set-password link.
  server.post(
    '/users',
    authed(async ({ db, request, user }) => {
      const body = parseBody(request);
      const { value, errors } = await readUserInput(db, organizationOrOwn(user, body));
      const decision = can(subjectOf(user), 'invite', 'user', {
        organizationId: value.organizationId || String(user.organizationId),
        ...(errors['roleId'] ? {} : { nextRoleId: value.roleId }),
      });
      if (!decision.allowed) return errorAnswer(403, REFUSALS[decision.reason] ?? 'Forbidden', { code: decision.reason });
      if (!errors['organizationId'] && !(await organizationIsActive(db, value.organizationId)))
        errors['organizationId'] = 'organizationNotActive';
      if (Object.keys(errors).length > 0) return inputRefusal(errors);
      const now = ctx.now();
      const at = new Date(now).toISOString();
      const row = await userStore(db).insert({
        username: value.username,
        email: value.email,
        displayName: value.fullName,
        fullName: value.fullName,
        phoneNumber: value.phone,
        roleId: value.roleId,
        organizationId: value.organizationId,
        salt: randomToken(8),
        passwordHash: '',
        about: '',
        photoURL: '',
        status: 'offline',
        providerId: 'mirage',
        createdAt: at,
        accountStatus: 'invited',
        lastSignInAt: null,
        invitedBy: String(user.id),
        invitedByName: user.fullName,
        setPasswordDigest: '',
        setPasswordExpiresAt: 0,
        updatedAt: at,
      });
      const link = await openLink(db, row.id, now);
      const saved = (await userStore(db).get(String(row.id))) ?? row;
      recordAudit(db, now, {
        actor: user,
        organizationId: value.organizationId,
        resource: 'user',
        action: 'invite',
        recordId: row.id,
        before: null,
        after: auditShape(saved),
      });
      return json(201, { user: toUserView(saved, await orgNames(db, [saved])), link });
    }),
  );

  server.put(
    '/users/:id',
    authed(async ({ db, request, user }) => {
      const target = await findTarget(db, request);
      if (!target) return notFound();
      const stale = canRead(user, target)
        ? staleWriteRefusal(request, versionOf(target), toUserView(target, await orgNames(db, [target])))
        : null;
      if (stale) return stale;
      const body = parseBody(request);
      const input =
        isRecord(body) && (body['organizationId'] === undefined || body['organizationId'] === '')
          ? { ...body, organizationId: String(target.organizationId) }
          : body;
      const { value, errors } = await readUserInput(db, input, String(target.id));
      const refusal = await guardChange(db, user, target, 'update', errors['roleId'] ? undefined : value.roleId);
      if (refusal) return refusal;
      const moves = !errors['organizationId'] && value.organizationId !== String(target.organizationId);
      if (moves) {
        // The destination must be an organization the caller may put users into (an admin: only their own).
        const destination = can(subjectOf(user), 'update', 'user', {
          ...(await subjectRecord(db, target)),
          organizationId: value.organizationId,
        });
        if (!destination.allowed) return errorAnswer(403, REFUSALS[destination.reason] ?? 'Forbidden', { code: destination.reason });
        if (await wouldLockOut(db, target, value.organizationId)) {
          return errorAnswer(409, 'The last active super admin cannot be moved into an organization that is not active.', {
            code: 'lastSuperAdmin',
            errors: { organizationId: 'lastSuperAdmin' },
          });
        }
        if (!(await organizationIsActive(db, value.organizationId))) errors['organizationId'] = 'organizationNotActive';
      }
      if (Object.keys(errors).length > 0) return inputRefusal(errors);
      const now = ctx.now();
      const before = auditShape(target);
      const row = await userStore(db).update(String(target.id), {
        fullName: value.fullName,
        displayName: target.displayName === target.fullName ? value.fullName : target.displayName,
        username: value.username,
        email: value.email,
        phoneNumber: value.phone,
        roleId: value.roleId,
        organizationId: value.organizationId,
        updatedAt: new Date(now).toISOString(),
        version: versionOf(target) + 1,
        updatedBy: user.displayName,
      });
      // A changed role or organization takes effect at once: the user signs in again.
      if (value.roleId !== target.roleId || value.organizationId !== String(target.organizationId))
        await revokeUserSessions(db, String(target.id));
      recordAudit(db, now, {
        actor: user,
        organizationId: value.organizationId,
        resource: 'user',
        action: 'update',
        recordId: target.id,
        before,
        after: auditShape(row),
      });
      return jsonVersioned(200, toUserView(row, await orgNames(db, [row])), versionOf(row));
    }),
  );

  const statusRoute = (action: 'disable' | 'enable', next: AccountStatus) =>
    server.post(
      `/users/:id/${action}`,
      authed(async ({ db, request, user }) => {
        const target = await findTarget(db, request);
        if (!target) return notFound();
        const refusal = await guardChange(db, user, target, action);
        if (refusal) return refusal;
        const current = statusOfUser(target);
        if (action === 'enable' && current !== 'disabled')
          return errorResponse(409, 'The account is not disabled.', { status: 'invalidTransition' });
        if (action === 'disable' && current === 'disabled')
          return errorResponse(409, 'The account is already disabled.', { status: 'invalidTransition' });
        const now = ctx.now();
        // Enabling returns an account to where it was: active with a password, otherwise invited.
        const status: AccountStatus = action === 'enable' && !target.passwordHash ? 'invited' : next;
        const row = await userStore(db).update(String(target.id), { accountStatus: status, updatedAt: new Date(now).toISOString() });
        if (action === 'disable') await revokeUserSessions(db, String(target.id));
        recordAudit(db, now, {
          actor: user,
          organizationId: target.organizationId,
          resource: 'user',
          action,
          recordId: target.id,
          before: auditShape(target),
          after: auditShape(row),
        });
        return json(200, toUserView(row, await orgNames(db, [row])));
      }),
    );
  statusRoute('disable', 'disabled');
  statusRoute('enable', 'active');

  server.post(
    '/users/:id/reset-password',
    authed(async ({ db, request, user }) => {
      const target = await findTarget(db, request);
      if (!target) return notFound();
      const refusal = await guardChange(db, user, target, 'resetPassword');
      if (refusal) return refusal;
      if (statusOfUser(target) === 'disabled') return errorResponse(409, 'Enable the account first.', { status: 'disabled' });
      const now = ctx.now();
      const link = await openLink(db, target.id, now);
      recordAudit(db, now, {
        actor: user,
        organizationId: target.organizationId,
        resource: 'user',
        action: 'resetPassword',
        recordId: target.id,
        before: null,
        after: null,
      });
      const shown = (await userStore(db).get(String(target.id))) ?? target;
      return json(200, { user: toUserView(shown, await orgNames(db, [shown])), link });
    }),
  );

  server.post(
    '/users/:id/revoke-sessions',
    authed(async ({ db, request, user }) => {
      const target = await findTarget(db, request);
      if (!target) return notFound();
      const refusal = await guardChange(db, user, target, 'revokeSessions');
      if (refusal) return refusal;
      const revoked = await revokeUserSessions(db, String(target.id));
      recordAudit(db, ctx.now(), {
        actor: user,
        organizationId: target.organizationId,
        resource: 'user',
        action: 'revokeSessions',
        recordId: target.id,
        before: null,
        after: { revokedSessions: revoked },
      });
      return json(200, { revoked });
    }),
  );

  server.delete(
    '/users/:id',
    authed(async ({ db, request, user }) => {
      const target = await findTarget(db, request);
      if (!target) return notFound();
      const refusal = await guardChange(db, user, target, 'delete');
      if (refusal) return refusal;
      const stale = staleWriteRefusal(request, versionOf(target), toUserView(target, await orgNames(db, [target])));
      if (stale) return stale;
      await revokeUserSessions(db, String(target.id));
      await userStore(db).remove(String(target.id));
      recordAudit(db, ctx.now(), {
        actor: user,
        organizationId: target.organizationId,
        resource: 'user',
        action: 'delete',
        recordId: target.id,
        before: auditShape(target),
        after: null,
      });
      return json(204);
    }),
  );

  // --- public: the set-password page ---
  server.get('/set-password', async (_schema, request) => {
    const token = queryValues(request, 'token')[0] ?? '';
    const target = await findByToken(server.db, token, ctx.now());
    if (!target) return errorResponse(404, 'This link is invalid or has expired.');
    return json(200, { username: target.username, fullName: target.fullName, email: target.email, status: statusOfUser(target) });
  });

  server.post('/set-password', async (_schema, request) => {
    const body = parseBody(request);
    const token = isRecord(body) ? text(body['token']) : '';
    const password = isRecord(body) && typeof body['password'] === 'string' ? body['password'] : '';
    const rePassword = isRecord(body) && typeof body['rePassword'] === 'string' ? body['rePassword'] : '';
    const now = ctx.now();
    const target = await findByToken(server.db, token, now);
    if (!target) return errorResponse(404, 'This link is invalid or has expired.');
    const errors: Record<string, string> = {};
    if (password.length < 8) errors['password'] = 'tooShort';
    else if (password.length > 128) errors['password'] = 'tooLong';
    if (password !== rePassword) errors['rePassword'] = 'mismatch';
    if (Object.keys(errors).length > 0) return errorResponse(422, 'Validation failed', errors);
    const row = await userStore(server.db).update(String(target.id), {
      ...(await ctx.passwords.derive(password)),
      accountStatus: 'active',
      setPasswordDigest: '',
      setPasswordExpiresAt: 0,
      updatedAt: new Date(now).toISOString(),
    });
    // A new password ends the sessions signed in with the old one.
    await revokeUserSessions(server.db, String(target.id));
    recordAudit(server.db, now, {
      actor: row,
      organizationId: row.organizationId,
      resource: 'user',
      action: 'setPassword',
      recordId: row.id,
      before: { status: statusOfUser(target) },
      after: { status: 'active' },
    });
    return json(200, { username: row.username });
  });
}

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
  if (ctx.seed === 'large') await insertInSlices((slice) => users.insertMany(slice), rows, timeSlicer());
  else users.insertMany(rows);
}

export const usersDomain: MirageDomain = {
  name: 'users',
  seed,
  routes,
};
