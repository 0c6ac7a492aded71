import { SESSION_REFRESH_GRACE_MS, type SessionRecord } from '../../core/sessions';
import { randomToken } from '../../core/tokens';
import { USER_TEXT_RULES } from '../../core/user-input';
import { statusOfUser } from '../../core/user-list';
import { newAccount, type AdminUserRow } from '../../core/users';
import { isAdminRole } from '../../machines/permissions/can';
import { readText, textMessage } from '../../machines/text/text-rules';
import { subjectOf } from '../access';
import { recordAudit } from '../audit';
import type { ApiEnv } from '../env';
import { isRecord, json, noContent, problem } from '../http';
import { accountKey, admitAttempt, clearFailures, forgetFailure, throttleKeys } from './sign-in-throttle';
import { findByToken } from './users';

/**
 * Sign-in, registration and the session's life (docs/auth.md): a sign-in is throttled per name and address and
 * costs one password check whether or not the account exists; a refresh rotates its token, and a retired token
 * coming back ends its whole sign-in; a locked sign-in answers 423 to everything but unlock and sign-out.
 */

export type AuthEnv = Pick<
  ApiEnv,
  'users' | 'organizations' | 'sessions' | 'signInAttempts' | 'events' | 'passwords' | 'now' | 'tokenLifetimeS' | 'syncAuth'
>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,20}$/;
/** The registration form shows the same limit (src/features/auth/components/register-form.tsx). */
export const MIN_PASSWORD_LENGTH = 8;

const text = (body: unknown, key: string): string => (isRecord(body) && typeof body[key] === 'string' ? body[key] : '');
const invalidToken = (): Response => problem(401, 'Invalid access token');
const invalidRefresh = (): Response => problem(401, 'Invalid refresh token');

/** `423 Locked` with `code: "session_locked"`: the client shows the lock screen (docs/auth.md). */
export const sessionLocked = (): Response => problem(423, 'Session locked', { code: 'session_locked' });

/** The bearer token of a request ('' when none). */
export function bearerOf(request: Request): string {
  const header = request.headers.get('Authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/** Why an account may not sign in (after its password was checked), or null. */
export async function signInRefusal(
  env: Pick<ApiEnv, 'organizations'>,
  user: AdminUserRow,
): Promise<{ status: number; message: string; code: string } | null> {
  const status = statusOfUser(user);
  if (status === 'disabled')
    return { status: 403, code: 'accountDisabled', message: 'This account is disabled. Please contact your administrator.' };
  if (status === 'invited')
    return { status: 403, code: 'accountInvited', message: 'This account is not activated yet. Open the set-password link you received.' };
  const organizationId = user.organizationId;
  const organization = organizationId === '' ? undefined : await env.organizations.get(String(organizationId));
  const blocked = organization && (organization.status ?? 'active') !== 'active' ? organization.status : null;
  if (blocked)
    return {
      status: 403,
      code: blocked === 'suspended' ? 'organizationSuspended' : 'organizationArchived',
      message: `Your organization is ${blocked}. Please contact your administrator.`,
    };
  return null;
}

/** The account as a sign-in answers it. */
export function userRecord(user: AdminUserRow) {
  return {
    uid: String(user.id),
    displayName: user.displayName,
    about: user.about,
    photoURL: user.photoURL,
    status: user.status,
    // The role's area, whatever the account's status (can() would refuse an inactive account everything).
    userRole: isAdminRole(subjectOf(user).roleId) ? 'admin' : 'user',
    email: user.email,
    providerId: user.providerId,
  };
}

/** What `GET /api/me` and a successful unlock answer: the server's own record of the caller and its role. */
export async function meRecord(env: Pick<ApiEnv, 'organizations'>, user: AdminUserRow) {
  const organization = await env.organizations.get(String(user.organizationId));
  return {
    ...userRecord(user),
    organization: organization ? { id: String(organization.id), name: organization.name } : null,
    defaultRoleId: user.roleId,
    roles: [user.roleId],
  };
}

/** A new sign-in's first token. */
export function issueSession(
  env: Pick<ApiEnv, 'sessions' | 'now' | 'tokenLifetimeS'>,
  userId: string | number,
): Promise<Readonly<SessionRecord>> {
  return env.sessions.insert({
    accessToken: randomToken(),
    sessionKey: randomToken(16),
    userId,
    expiresAt: env.now() + env.tokenLifetimeS * 1000,
    revoked: false,
  });
}

/** `429` with `Retry-After`: this sign-in name or address failed too often lately (sign-in-throttle.ts). */
function tooManyAttempts(seconds: number): Response {
  const refused = problem(429, `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    code: 'tooManyAttempts',
  });
  refused.headers.set('Retry-After', String(seconds));
  return refused;
}

export async function signIn(env: AuthEnv, request: Request, body: unknown): Promise<Response> {
  // Accounts registered in another tab are read from the stored database first (browser only).
  await env.syncAuth?.(null);
  const params = isRecord(body) && isRecord(body['params']) ? body['params'] : undefined;
  const username = text(params, 'username').trim();
  const password = text(params, 'password');
  const keys = await throttleKeys(request, username);
  const at = env.now();
  await env.signInAttempts.removeStale(at);
  // The check and the count are one step (admitAttempt), so attempts sent together cannot all pass the
  // check before one of them is counted. The count is taken back below when the password is right.
  const wait = await admitAttempt(env.signInAttempts, keys, at);
  if (wait > 0) return tooManyAttempts(wait);
  const found = (await env.users.withLogin([username.toLowerCase()]))[0];
  const stored = found?.passwordHash ?? '';
  const right = found ? await env.passwords.verify(password, found.salt, stored) : false;
  // No account, or an older (faster) hash that did not match: the answer still takes one scrypt run,
  // so its timing does not tell which names exist.
  if (!found || (!right && env.passwords.needsRehash(stored))) await env.passwords.spend(password);
  if (!found || !right) return problem(401, 'Email Or Password Invalid');
  const id = String(found.id);
  // The password is right: this attempt was no failure, and the account's earlier failures are forgiven.
  await forgetFailure(env.signInAttempts, keys, at);
  await clearFailures(env.signInAttempts, await Promise.all([found.username, found.email].map(accountKey)));
  // A hash of an older kind (PBKDF2) or older scrypt parameters is replaced while the password is at hand.
  if (env.passwords.needsRehash(stored)) {
    const upgraded = await env.passwords.derive(password);
    if ((await env.users.get(id))?.passwordHash === stored) await env.users.update(id, upgraded);
  }
  // A disabled or invited account, or a suspended/archived organization, is refused with a clear reason.
  const refusal = await signInRefusal(env, found);
  if (refusal) return problem(refusal.status, refusal.message, { code: refusal.code });
  const session = await issueSession(env, found.id);
  // Read by the admin dashboard's recent sign-ins and the users list.
  await env.users.update(id, { lastSignInAt: new Date(env.now()).toISOString() });
  return json(200, {
    accessToken: session.accessToken,
    sessionKey: session.sessionKey,
    expiresAt: new Date(session.expiresAt).toISOString(),
    expiresIn: env.tokenLifetimeS,
    user: userRecord(found),
    defaultRoleId: found.roleId,
    roles: [found.roleId],
  });
}

export async function register(env: AuthEnv, body: unknown): Promise<Response> {
  await env.syncAuth?.(null);
  if (!isRecord(body)) return problem(400, 'Malformed request body');
  // The shared text rule (machines/text/text-rules.ts): NFC, no control or bidi-override characters, visible, ≤ 100.
  const name = readText(body['fullName'], USER_TEXT_RULES.fullName);
  const fullName = name.value;
  const phoneNumber = text(body, 'phoneNumber').trim();
  const email = text(body, 'email').trim();
  const password = text(body, 'password');
  const errors: Record<string, string> = {};
  if (name.problem === 'required') errors['fullName'] = 'Please enter your name.';
  else if (name.problem) errors['fullName'] = textMessage('Full name', name.problem, USER_TEXT_RULES.fullName.max);
  if (phoneNumber && !PHONE_PATTERN.test(phoneNumber)) errors['phoneNumber'] = 'Please enter a valid phone number.';
  if (!EMAIL_PATTERN.test(email)) errors['email'] = 'Please enter a valid email address.';
  else if ((await env.users.withLogin([email.toLowerCase()])).length > 0) errors['email'] = 'This email is already in use.';
  if (password.length < MIN_PASSWORD_LENGTH) errors['password'] = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password !== text(body, 'rePassword')) errors['rePassword'] = "Password doesn't match. Please try again.";
  const first = Object.values(errors)[0];
  if (first) return problem(422, first, { errors });

  const organization = await env.organizations.first();
  const { salt, passwordHash } = await env.passwords.derive(password);
  const now = env.now();
  const user = await env.users.insert(
    newAccount({
      username: email,
      email,
      fullName,
      phoneNumber,
      roleId: 4,
      organizationId: organization?.id ?? '1',
      salt,
      passwordHash,
      createdAt: new Date(now).toISOString(),
    }),
  );
  env.events.append({
    type: 'user.changed',
    at: new Date(now).toISOString(),
    organizationId: String(user.organizationId),
    subjectId: String(user.id),
    unitId: null,
    data: { change: 'created' },
  });
  return json(201, { message: 'Account created', user: userRecord(user) });
}

/**
 * Refresh with rotation (docs/auth.md, "Refresh token rotation"): an issued token that is still the newest of
 * its sign-in (expired or not, up to SESSION_REFRESH_GRACE_MS past its expiry) is exchanged for a new one and
 * retired. Every token of a sign-in shares its session key: that is the family.
 */
export async function refresh(env: AuthEnv, body: unknown): Promise<Response> {
  const accessToken = text(body, 'accessToken');
  if (accessToken) await env.syncAuth?.(accessToken);
  const old = accessToken ? await env.sessions.byToken(accessToken) : undefined;
  if (!old) return invalidRefresh();
  // A retired token comes back: someone kept a copy (the app never sends one twice, docs/auth.md). Whoever
  // holds the newer token may be the thief, so the whole sign-in ends, in every tab and on every device.
  if (old.revoked) {
    await env.sessions.revokeFamily(old.sessionKey);
    return invalidRefresh();
  }
  const user = await env.users.get(String(old.userId));
  if (!user) return invalidRefresh();
  // Unused for a day past its expiry: the sign-in is over (its rows are pruned at the next clean-up).
  if (old.expiresAt + SESSION_REFRESH_GRACE_MS <= env.now()) return invalidRefresh();
  // An account disabled (or an organization suspended) since sign-in gets no new token.
  if (await signInRefusal(env, user)) return invalidRefresh();
  // A locked sign-in gets no new token: only unlock (or sign-out) may follow.
  if (old.locked) return sessionLocked();
  // Retired, not deleted: the row stays while its family lives (removeEnded), so a reuse is recognised.
  await env.sessions.retire(String(old.id));
  const next = await env.sessions.insert({
    accessToken: randomToken(),
    sessionKey: old.sessionKey,
    userId: old.userId,
    expiresAt: env.now() + env.tokenLifetimeS * 1000,
    revoked: false,
  });
  return json(200, { accessToken: next.accessToken, expiresAt: new Date(next.expiresAt).toISOString(), expiresIn: env.tokenLifetimeS });
}

export async function signOut(env: AuthEnv, request: Request): Promise<Response> {
  const token = bearerOf(request);
  if (token) await env.syncAuth?.(token);
  const session = token ? await env.sessions.byToken(token) : undefined;
  // Revokes every token of this sign-in (refreshes keep the session key)...
  if (session) await env.sessions.revokeFamily(session.sessionKey);
  // ...and its rows (and every other ended sign-in's) leave the database.
  await env.sessions.removeEnded(env.now());
  return noContent();
}

/** The sign-in of a bearer token that was issued and not revoked (expired or locked too), with its user. */
export async function signInOf(env: AuthEnv, request: Request): Promise<{ session: Readonly<SessionRecord>; user: AdminUserRow } | null> {
  const token = bearerOf(request);
  if (token) await env.syncAuth?.(token);
  const session = token ? await env.sessions.byToken(token) : undefined;
  const user = session && !session.revoked ? await env.users.get(String(session.userId)) : undefined;
  return session && user ? { session, user } : null;
}

/**
 * Locks the sign-in: from now on every call with its tokens gets 423 `session_locked`, except unlock and
 * sign-out. An expired (not revoked) token is accepted, like unlock: the idle lock may come late.
 */
export async function lockSession(env: AuthEnv, request: Request, refusal: Response | null): Promise<Response> {
  const found = await signInOf(env, request);
  if (!found) return invalidToken();
  if (refusal) return refusal;
  await env.sessions.setLocked(found.session.sessionKey, true);
  return noContent();
}

/**
 * Checks the password of the token's user and lifts the lock of the sign-in. An expired (not revoked) token is
 * accepted: a session locked for longer than the token lifetime can still be unlocked, and refreshes on its next
 * request. Answers the caller's record (as `GET /api/me`): a session restored locked is confirmed here.
 */
export async function unlockSession(env: AuthEnv, request: Request, body: unknown, refusal: Response | null): Promise<Response> {
  const found = await signInOf(env, request);
  if (!found) return invalidToken();
  if (refusal) return refusal;
  const { session, user } = found;
  if (!(await env.passwords.verify(text(body, 'password'), user.salt, user.passwordHash))) {
    return problem(422, 'Wrong password', { errors: { password: 'Wrong password' } });
  }
  await env.sessions.setLocked(session.sessionKey, false);
  return json(200, await meRecord(env, user));
}

export function requestPasswordReset(body: unknown): Response {
  const email = text(body, 'email').trim();
  if (!EMAIL_PATTERN.test(email)) {
    return problem(422, 'Please enter a valid email address.', { errors: { email: 'Please enter a valid email address.' } });
  }
  // The same answer whether or not the account exists: no account discovery.
  return json(200, { message: 'If an account exists for this address, a reset link is on its way.' });
}

/** The public set-password page's check of a link: whose it is, while it is open (404 otherwise). */
export async function checkSetPasswordLink(env: Pick<ApiEnv, 'users' | 'now'>, token: string): Promise<Response> {
  const target = await findByToken(env, token, env.now());
  if (!target) return problem(404, 'This link is invalid or has expired.');
  return json(200, { username: target.username, fullName: target.fullName, email: target.email, status: statusOfUser(target) });
}

/** Sets the password of a link's account (an invite's or a reset's), activates it and closes the link. */
export async function setPassword(
  env: Pick<ApiEnv, 'users' | 'now' | 'passwords' | 'sessions' | 'events' | 'audit'>,
  body: unknown,
): Promise<Response> {
  const token = text(body, 'token').trim();
  const password = text(body, 'password');
  const now = env.now();
  const target = await findByToken(env, token, now);
  if (!target) return problem(404, 'This link is invalid or has expired.');
  const errors: Record<string, string> = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors['password'] = 'tooShort';
  else if (password.length > 128) errors['password'] = 'tooLong';
  if (password !== text(body, 'rePassword')) errors['rePassword'] = 'mismatch';
  if (Object.keys(errors).length > 0) return problem(422, 'Validation failed', { errors });
  const id = String(target.id);
  const row = await env.users.update(id, {
    ...(await env.passwords.derive(password)),
    accountStatus: 'active',
    setPasswordDigest: '',
    setPasswordExpiresAt: 0,
    updatedAt: new Date(now).toISOString(),
  });
  // A new password ends the sessions signed in with the old one.
  await env.sessions.revokeOfUsers([id]);
  recordAudit(env, now, {
    actor: row,
    organizationId: row.organizationId,
    resource: 'user',
    action: 'setPassword',
    recordId: row.id,
    before: { status: statusOfUser(target) },
    after: { status: 'active' },
  });
  return json(200, { username: row.username });
}
