import type { Change } from '../results';
import { can, readScope, ROLE, type Action, type PermissionReason, type RoleId } from '../../machines/permissions/can';
import { hashPassword, randomToken } from '../../core/tokens';
import { readUserFields, type UserFields } from '../../core/user-input';
import { statusOfUser, type AccountStatus } from '../../core/user-list';
import type { AdminUserRow } from '../../core/users';
import { ifMatchHolds, versionOf } from '../../core/versions';
import { recordAudit } from '../audit';
import { organizationScope, subjectOf } from '../access';
import type { Account, ApiEnv } from '../env';
import { inputRefusal, isRecord, problem } from '../http';

/**
 * Users under /api/users (docs/users.md): who may list, invite and change whom is `can()`'s (the role matrix,
 * an admin's own organization, nobody's own role or status, the last active super admin); a username and an
 * e-mail are unique in any case (`duplicateUsername`, `duplicateEmail`); an invite and a reset open a one-time
 * set-password link; a change of role or organization, a disable, a reset's new password and a delete end the
 * account's sessions; every change is an audit entry with its live event, in the change's own unit of work.
 *
 * Every user belongs to exactly one organization, super admins included (their home organization; they act in
 * every organization).
 */

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

export interface SetPasswordLink {
  token: string;
  path: string;
  expiresAt: string;
}

export interface UserWithLink {
  user: UserView;
  link: SetPasswordLink;
}

export const SET_PASSWORD_LINK_DAYS = 7;
const NOT_FOUND = 'User not found';

type UsersEnv = Pick<ApiEnv, 'users' | 'organizations'>;

// --- views ------------------------------------------------------------------------------------------

/** The names of these users' organizations, by id. */
async function orgNames(env: UsersEnv, users: readonly Pick<AdminUserRow, 'organizationId'>[]): Promise<Map<string, string>> {
  const ids = [...new Set(users.map((u) => String(u.organizationId)))];
  return new Map((await env.organizations.getMany(ids)).map((o) => [String(o.id), o.name]));
}

function toUserView(u: Readonly<AdminUserRow>, names: Map<string, string>): UserView {
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

/** The views of these accounts, their organizations' names read once. */
export async function userViews(env: UsersEnv, rows: readonly Readonly<AdminUserRow>[]): Promise<UserView[]> {
  const names = await orgNames(env, rows);
  return rows.map((u) => toUserView(u, names));
}

const userView = async (env: UsersEnv, row: Readonly<AdminUserRow>): Promise<UserView> => toUserView(row, await orgNames(env, [row]));

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

// --- who may do what --------------------------------------------------------------------------------

/** The organizations whose users the caller may read (can.ts readScope). */
export const userScope = (caller: Account) => organizationScope(caller, 'user');

/** Whether the caller may read users at all (the list, the export, one account). */
export const mayListUsers = (caller: Account): boolean =>
  can(subjectOf(caller), 'read', 'user', { organizationId: String(caller.organizationId) }).allowed;

/** Whether the caller may read this account (its page, its audit trail). */
export function mayReadUser(actor: Account, target: AdminUserRow): boolean {
  return can(subjectOf(actor), 'read', 'user', { organizationId: String(target.organizationId), roleId: target.roleId }).allowed;
}

async function activeSuperAdminCount(env: UsersEnv): Promise<number> {
  return (await env.users.withRole(ROLE.superAdmin)).filter((u) => statusOfUser(u) === 'active').length;
}

/** Whether an organization takes new or moved members: only an active one (a suspended or archived one cannot sign in). */
async function organizationIsActive(env: UsersEnv, organizationId: string): Promise<boolean> {
  if (organizationId === '') return true;
  const organization = await env.organizations.get(organizationId);
  return (organization?.status ?? 'active') === 'active';
}

/**
 * Moving this user into `organizationId` would leave no active super admin who can sign in (one in an active
 * organization): nobody would be left to reactivate anything.
 */
async function wouldLockOut(env: UsersEnv, target: AdminUserRow, organizationId: string): Promise<boolean> {
  if (target.roleId !== ROLE.superAdmin || statusOfUser(target) !== 'active' || (await organizationIsActive(env, organizationId)))
    return false;
  const others = (await env.users.withRole(ROLE.superAdmin)).filter(
    (u) => String(u.id) !== String(target.id) && statusOfUser(u) === 'active',
  );
  for (const other of others) if (await organizationIsActive(env, String(other.organizationId))) return false;
  return true;
}

/** The record can() judges: the target's organization, role and the last-super-admin fact. */
async function subjectRecord(env: UsersEnv, target: AdminUserRow, nextRoleId?: RoleId) {
  return {
    id: String(target.id),
    organizationId: String(target.organizationId),
    roleId: target.roleId,
    ...(nextRoleId !== undefined ? { nextRoleId } : {}),
    status: statusOfUser(target),
    activeSuperAdminCount: await activeSuperAdminCount(env),
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

const refusedFor = (reason: PermissionReason): Response => problem(403, REFUSALS[reason] ?? 'Forbidden', { code: reason });

/**
 * can() decides every change to an account: 404 when the caller may not even see it (another organization),
 * 409 for the last active super admin, 403 with can()'s reason otherwise; null when it is allowed.
 */
async function guardChange(env: UsersEnv, actor: Account, target: AdminUserRow, action: Action, nextRoleId?: RoleId) {
  if (!mayReadUser(actor, target)) return problem(404, NOT_FOUND);
  const decision = can(subjectOf(actor), action, 'user', await subjectRecord(env, target, nextRoleId));
  if (decision.allowed) return null;
  if (decision.reason === 'otherOrganization') return problem(404, NOT_FOUND);
  if (decision.reason === 'lastSuperAdmin')
    return problem(409, 'The last active super admin cannot be demoted, disabled or deleted.', { code: 'lastSuperAdmin' });
  return refusedFor(decision.reason);
}

/** The account of an id when it exists (the guards above decide the rest). */
const targetOf = (env: UsersEnv, id: string) => env.users.get(id);

// --- input ------------------------------------------------------------------------------------------

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

interface UserInput extends UserFields {
  organizationId: string;
}

/** The fields' own rule (core/user-input.ts, which the form runs too), then what only the stored records know. */
async function readUserInput(
  env: UsersEnv,
  body: unknown,
  exceptId?: string,
): Promise<{ value: UserInput; errors: Record<string, string> }> {
  const b = isRecord(body) ? body : {};
  const { value: fields, errors } = readUserFields(b);
  const { username, email } = fields;
  const organizationId = typeof b['organizationId'] === 'number' ? String(b['organizationId']) : text(b['organizationId']);
  if (!organizationId) errors['organizationId'] = 'required';
  else if (!(await env.organizations.get(organizationId))) errors['organizationId'] = 'unknownOrganization';
  if (!errors['username'] || !errors['email']) {
    for (const u of (await env.users.withLogin([username, email])).filter((u) => String(u.id) !== exceptId)) {
      if (!errors['username'] && u.username.toLowerCase() === username) errors['username'] = 'duplicateUsername';
      if (!errors['email'] && u.email.toLowerCase() === email) errors['email'] = 'duplicateEmail';
    }
  }
  return { value: { ...fields, organizationId }, errors };
}

/**
 * The body with the caller's organization filled in when they manage one organization only and left the field
 * out. A field naming another organization stays as it is, so can() refuses it (403), never ignores it.
 */
function organizationOrOwn(caller: Account, body: unknown): unknown {
  if (!isRecord(body)) return body;
  const given = body['organizationId'];
  const missing = given === undefined || given === null || given === '';
  return missing && readScope(subjectOf(caller), 'user').kind === 'own' ? { ...body, organizationId: String(caller.organizationId) } : body;
}

// --- set-password links -----------------------------------------------------------------------------

/** One PBKDF2 round is enough for a 24-byte random token: the digest only keeps it out of the stored records. */
const digestOf = (token: string): Promise<string> => hashPassword(token, 'set-password-link', 1);

async function openLink(env: Pick<ApiEnv, 'users'>, id: string | number, now: number): Promise<SetPasswordLink> {
  const token = randomToken(24);
  const expiresAt = now + SET_PASSWORD_LINK_DAYS * 86_400_000;
  await env.users.update(String(id), { setPasswordDigest: await digestOf(token), setPasswordExpiresAt: expiresAt });
  return { token, path: `/set-password?token=${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The account whose link this token is, while it is open (the public set-password page, mirage/domains/users.ts). */
export async function findByToken(env: Pick<ApiEnv, 'users'>, token: string, now: number): Promise<AdminUserRow | null> {
  if (!/^[0-9a-f]{16,128}$/.test(token)) return null;
  const user = await env.users.withSetPasswordDigest(await digestOf(token));
  if (!user || (user.setPasswordExpiresAt ?? 0) < now || statusOfUser(user) === 'disabled') return null;
  return user;
}

const revokeSessionsOf = (env: Pick<ApiEnv, 'sessions'>, userId: string): Promise<number> => env.sessions.revokeOfUsers([userId]);

// --- operations -------------------------------------------------------------------------------------

/** One account, when the caller may read it (403 for a role that reads no users, 404 when absent or unreadable). */
export async function readUser(env: ApiEnv, caller: Account, id: string): Promise<UserView | Response> {
  if (!mayListUsers(caller)) return problem(403, 'Forbidden');
  const target = await targetOf(env, id);
  if (!target || !mayReadUser(caller, target)) return problem(404, NOT_FOUND);
  return userView(env, target);
}

/** Invite: the account is created "invited", without a password, with a one-time set-password link. */
export async function inviteUser(env: ApiEnv, caller: Account, body: unknown): Promise<UserWithLink | Response> {
  const { value, errors } = await readUserInput(env, organizationOrOwn(caller, body));
  const decision = can(subjectOf(caller), 'invite', 'user', {
    organizationId: value.organizationId || String(caller.organizationId),
    ...(errors['roleId'] ? {} : { nextRoleId: value.roleId }),
  });
  if (!decision.allowed) return refusedFor(decision.reason);
  if (!errors['organizationId'] && !(await organizationIsActive(env, value.organizationId)))
    errors['organizationId'] = 'organizationNotActive';
  if (Object.keys(errors).length > 0) return inputRefusal(errors);
  const now = env.now();
  const at = new Date(now).toISOString();
  const row = await env.users.insert({
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
    invitedBy: String(caller.id),
    invitedByName: caller.fullName,
    setPasswordDigest: '',
    setPasswordExpiresAt: 0,
    updatedAt: at,
  });
  const link = await openLink(env, row.id, now);
  const saved = (await env.users.get(String(row.id))) ?? row;
  recordAudit(env, now, {
    actor: caller,
    organizationId: value.organizationId,
    resource: 'user',
    action: 'invite',
    recordId: row.id,
    before: null,
    after: auditShape(saved),
  });
  return { user: await userView(env, saved), link };
}

/**
 * Changes an account: refused as stale when `ifMatch` names another version (none: the change goes on, for
 * scripts). A changed role or organization takes effect at once: the user signs in again.
 */
export async function updateUser(
  env: ApiEnv,
  caller: Account,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<Change<UserView>> {
  const target = await targetOf(env, id);
  if (!target) return { kind: 'refused', response: problem(404, NOT_FOUND) };
  if (mayReadUser(caller, target) && !ifMatchHolds(ifMatch, versionOf(target)))
    return { kind: 'stale', current: await userView(env, target) };
  const input =
    isRecord(body) && (body['organizationId'] === undefined || body['organizationId'] === '')
      ? { ...body, organizationId: String(target.organizationId) }
      : body;
  const { value, errors } = await readUserInput(env, input, String(target.id));
  const refusal = await guardChange(env, caller, target, 'update', errors['roleId'] ? undefined : value.roleId);
  if (refusal) return { kind: 'refused', response: refusal };
  const moves = !errors['organizationId'] && value.organizationId !== String(target.organizationId);
  if (moves) {
    // The destination must be an organization the caller may put users into (an admin: only their own).
    const destination = can(subjectOf(caller), 'update', 'user', {
      ...(await subjectRecord(env, target)),
      organizationId: value.organizationId,
    });
    if (!destination.allowed) return { kind: 'refused', response: refusedFor(destination.reason) };
    if (await wouldLockOut(env, target, value.organizationId)) {
      const response = problem(409, 'The last active super admin cannot be moved into an organization that is not active.', {
        code: 'lastSuperAdmin',
        errors: { organizationId: 'lastSuperAdmin' },
      });
      return { kind: 'refused', response };
    }
    if (!(await organizationIsActive(env, value.organizationId))) errors['organizationId'] = 'organizationNotActive';
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const now = env.now();
  const row = await env.users.update(String(target.id), {
    fullName: value.fullName,
    displayName: target.displayName === target.fullName ? value.fullName : target.displayName,
    username: value.username,
    email: value.email,
    phoneNumber: value.phone,
    roleId: value.roleId,
    organizationId: value.organizationId,
    updatedAt: new Date(now).toISOString(),
    version: versionOf(target) + 1,
    updatedBy: caller.displayName,
  });
  if (value.roleId !== target.roleId || value.organizationId !== String(target.organizationId))
    await revokeSessionsOf(env, String(target.id));
  recordAudit(env, now, {
    actor: caller,
    organizationId: value.organizationId,
    resource: 'user',
    action: 'update',
    recordId: target.id,
    before: auditShape(target),
    after: auditShape(row),
  });
  return { kind: 'saved', record: await userView(env, row) };
}

/** Disables or enables an account; enabling returns it to where it was: active with a password, otherwise invited. */
export async function setUserStatus(env: ApiEnv, caller: Account, id: string, action: 'disable' | 'enable'): Promise<UserView | Response> {
  const target = await targetOf(env, id);
  if (!target) return problem(404, NOT_FOUND);
  const refusal = await guardChange(env, caller, target, action);
  if (refusal) return refusal;
  const current = statusOfUser(target);
  if (action === 'enable' && current !== 'disabled')
    return problem(409, 'The account is not disabled.', { errors: { status: 'invalidTransition' } });
  if (action === 'disable' && current === 'disabled')
    return problem(409, 'The account is already disabled.', { errors: { status: 'invalidTransition' } });
  const now = env.now();
  const status: AccountStatus = action === 'disable' ? 'disabled' : target.passwordHash ? 'active' : 'invited';
  const row = await env.users.update(String(target.id), { accountStatus: status, updatedAt: new Date(now).toISOString() });
  if (action === 'disable') await revokeSessionsOf(env, String(target.id));
  recordAudit(env, now, {
    actor: caller,
    organizationId: target.organizationId,
    resource: 'user',
    action,
    recordId: target.id,
    before: auditShape(target),
    after: auditShape(row),
  });
  return userView(env, row);
}

/** Opens a new set-password link (the old one no longer opens); a disabled account must be enabled first. */
export async function resetUserPassword(env: ApiEnv, caller: Account, id: string): Promise<UserWithLink | Response> {
  const target = await targetOf(env, id);
  if (!target) return problem(404, NOT_FOUND);
  const refusal = await guardChange(env, caller, target, 'resetPassword');
  if (refusal) return refusal;
  if (statusOfUser(target) === 'disabled') return problem(409, 'Enable the account first.', { errors: { status: 'disabled' } });
  const now = env.now();
  const link = await openLink(env, target.id, now);
  recordAudit(env, now, {
    actor: caller,
    organizationId: target.organizationId,
    resource: 'user',
    action: 'resetPassword',
    recordId: target.id,
    before: null,
    after: null,
  });
  const shown = (await env.users.get(String(target.id))) ?? target;
  return { user: await userView(env, shown), link };
}

/** Ends every open session of an account; answers how many. */
export async function revokeUserSessions(env: ApiEnv, caller: Account, id: string): Promise<{ revoked: number } | Response> {
  const target = await targetOf(env, id);
  if (!target) return problem(404, NOT_FOUND);
  const refusal = await guardChange(env, caller, target, 'revokeSessions');
  if (refusal) return refusal;
  const revoked = await revokeSessionsOf(env, String(target.id));
  recordAudit(env, env.now(), {
    actor: caller,
    organizationId: target.organizationId,
    resource: 'user',
    action: 'revokeSessions',
    recordId: target.id,
    before: null,
    after: { revokedSessions: revoked },
  });
  return { revoked };
}

/** Deletes an account (refused as stale when `ifMatch` names another version); its sessions end first. */
export async function deleteUser(env: ApiEnv, caller: Account, id: string, ifMatch: string | undefined): Promise<Change<UserView>> {
  const target = await targetOf(env, id);
  if (!target) return { kind: 'refused', response: problem(404, NOT_FOUND) };
  const refusal = await guardChange(env, caller, target, 'delete');
  if (refusal) return { kind: 'refused', response: refusal };
  if (!ifMatchHolds(ifMatch, versionOf(target))) return { kind: 'stale', current: await userView(env, target) };
  await revokeSessionsOf(env, String(target.id));
  await env.users.remove(String(target.id));
  recordAudit(env, env.now(), {
    actor: caller,
    organizationId: target.organizationId,
    resource: 'user',
    action: 'delete',
    recordId: target.id,
    before: auditShape(target),
    after: null,
  });
  return { kind: 'done' };
}
