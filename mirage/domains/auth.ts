import { contractRefusal } from '../contract/gate';
import { Response, type Request, type Server } from 'miragejs';
import { needsRehash, randomToken, type PasswordHasher } from '../crypto';
import { table, type MirageDb } from '../db';
import {
  bearerToken,
  errorResponse,
  errorAnswer,
  isRecord,
  json,
  parseBody,
  runAuthSync,
  sessionLockedResponse,
  subjectOf,
  syncUnknownToken,
  withAuth,
  type UserRow,
} from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { signInRefusal } from './users';
import { readText, textMessage } from '../../machines/text/text-rules';
import { USER_TEXT_RULES } from '../../core/user-input';
import { idempotent } from '../idempotency';
import { installProviderAuth } from '../oidc/provider-auth';
import { isAdminRole } from '../../machines/permissions/can';
import { DEMO_ACCOUNTS, demoPasswordRecord, type OrganizationRow } from './accounts';
import { SESSION_REFRESH_GRACE_MS, type SessionRecord } from '../../core/sessions';
import { sessionStore } from '../sessions';
import { organizationStore } from '../organization-store';
import { userStore } from '../user-store';
import { emitEvent } from '../events';
import { accountKey, admitAttempt, clearFailures, forgetFailure, pruneSignInAttempts, throttleKeys } from './sign-in-throttle';
import { errorBody } from '../../core/error-shape';

async function seed(db: MirageDb): Promise<void> {
  const orgs = table<OrganizationRow>(db, 'organizations');
  const org1 = orgs.insert({ name: 'Acme Logistics', domain: 'acme.example', createdAt: '2025-01-10T09:00:00.000Z' });
  const org2 = orgs.insert({ name: 'Globex Retail', domain: 'globex.example', createdAt: '2025-03-02T09:00:00.000Z' });
  const users = table<UserRow>(db, 'users');
  const accounts = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, organizationId: org1.id })),
    { username: 'globex', displayName: 'Greta Globex', roleId: 4 as const, organizationId: org2.id },
  ];
  // The demo accounts share one hash of their public password: one scrypt run per seed, not one per account.
  const { salt, passwordHash } = await demoPasswordRecord();
  for (const account of accounts) {
    users.insert({
      username: account.username,
      email: `${account.username}@${account.organizationId === org1.id ? 'acme' : 'globex'}.example`,
      displayName: account.displayName,
      fullName: account.displayName,
      phoneNumber: '+1 555 0100',
      roleId: account.roleId,
      organizationId: account.organizationId,
      salt,
      passwordHash,
      about: '',
      photoURL: '',
      status: 'online',
      providerId: 'mirage',
      createdAt: '2025-01-10T09:00:00.000Z',
    });
  }
}

export function issueSession(db: MirageDb, user: UserRow, ctx: MirageContext): Promise<Readonly<SessionRecord>> {
  return sessionStore(db).insert({
    accessToken: randomToken(),
    sessionKey: randomToken(16),
    userId: user.id,
    expiresAt: ctx.now() + ctx.tokenLifetimeS * 1000,
    revoked: false,
  });
}

export function userRecord(user: UserRow) {
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

const TOO_MANY_ATTEMPTS = 'tooManyAttempts';

/** `429` with `Retry-After`: this sign-in name or address failed too often lately (sign-in-throttle.ts). */
function tooManyAttempts(seconds: number): Response {
  return new Response(
    429,
    { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
    errorBody(`Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { code: TOO_MANY_ATTEMPTS }),
  );
}

async function login(db: MirageDb, request: Request, ctx: MirageContext) {
  const body = parseBody(request);
  const params = isRecord(body) && isRecord(body['params']) ? body['params'] : undefined;
  const username = typeof params?.['username'] === 'string' ? params['username'].trim() : '';
  const password = typeof params?.['password'] === 'string' ? params['password'] : '';
  const keys = await throttleKeys(request, username);
  const at = ctx.now();
  await pruneSignInAttempts(db, at);
  // The check and the count are one step (admitAttempt), so attempts sent together cannot all pass the
  // check before one of them is counted. The count is taken back below when the password is right.
  const wait = await admitAttempt(db, keys, at);
  if (wait > 0) return tooManyAttempts(wait);
  const found = (await userStore(db).withLogin([username.toLowerCase()]))[0];
  const stored = found?.passwordHash ?? '';
  const right = found ? await ctx.passwords.verify(password, found.salt, stored) : false;
  // No account, or an older (faster) hash that did not match: the answer still takes one scrypt run,
  // so its timing does not tell which names exist.
  if (!found || (!right && needsRehash(stored))) await ctx.passwords.spend(password);
  if (!found || !right) return errorResponse(401, 'Email Or Password Invalid');
  const user = found;
  // The password is right: this attempt was no failure, and the account's earlier failures are forgiven.
  await forgetFailure(db, keys, at);
  await clearFailures(db, await Promise.all([user.username, user.email].map(accountKey)));
  // A hash of an older kind (PBKDF2) or older scrypt parameters is replaced while the password is at hand.
  if (needsRehash(stored)) {
    const upgraded = await ctx.passwords.derive(password);
    if ((await userStore(db).get(String(user.id)))?.passwordHash === stored) await userStore(db).update(String(user.id), upgraded);
  }
  // A disabled or invited account, or a suspended/archived organization, is refused with a clear reason.
  const refusal = await signInRefusal(db, user);
  if (refusal) return errorAnswer(refusal.status, refusal.message, { code: refusal.code });
  const session = await issueSession(db, user, ctx);
  // Read by the admin dashboard's recent sign-ins and the users list.
  await userStore(db).update(String(user.id), { lastSignInAt: new Date(ctx.now()).toISOString() });
  return json(200, {
    accessToken: session.accessToken,
    sessionKey: session.sessionKey,
    expiresAt: new Date(session.expiresAt).toISOString(),
    expiresIn: ctx.tokenLifetimeS,
    user: userRecord(user),
    defaultRoleId: user.roleId,
    roles: [user.roleId],
  });
}

export const DEFAULT_APP_KEY = 'service-unit-admin-demo-key';
const EXPECTED_APP_KEY = import.meta.env?.VITE_APP_KEY ?? DEFAULT_APP_KEY;

/**
 * Login and registration answer only the app that sends the fixed application key; with it, the request
 * is then checked against the contract (mirage/contract/gate.ts).
 */
function appKeyError(request: Request): ReturnType<typeof errorResponse> | null {
  const key = request.requestHeaders['key'] ?? request.requestHeaders['Key'] ?? '';
  if (!key) return errorResponse(401, 'Missing application key');
  if (key !== EXPECTED_APP_KEY) return errorResponse(401, 'Invalid application key');
  return contractRefusal(request);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]{6,20}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** The registration form shows the same limit (src/features/auth/components/register-form.tsx). */

const str = (body: Record<string, unknown>, key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');

async function register(db: MirageDb, request: Request, ctx: MirageContext) {
  const body = parseBody(request);
  if (!isRecord(body)) return errorResponse(400, 'Malformed request body');
  // The shared text rule (machines/text/text-rules.ts): NFC, no control or bidi-override characters, visible, ≤ 100.
  const name = readText(body['fullName'], USER_TEXT_RULES.fullName);
  const fullName = name.value;
  const phoneNumber = str(body, 'phoneNumber').trim();
  const email = str(body, 'email').trim();
  const password = str(body, 'password');
  const rePassword = str(body, 'rePassword');
  const errors: Record<string, string> = {};
  if (name.problem === 'required') errors['fullName'] = 'Please enter your name.';
  else if (name.problem) errors['fullName'] = textMessage('Full name', name.problem, USER_TEXT_RULES.fullName.max);
  if (phoneNumber && !PHONE_PATTERN.test(phoneNumber)) errors['phoneNumber'] = 'Please enter a valid phone number.';
  if (!EMAIL_PATTERN.test(email)) errors['email'] = 'Please enter a valid email address.';
  else if ((await userStore(db).withLogin([email.toLowerCase()])).length > 0) {
    errors['email'] = 'This email is already in use.';
  }
  if (password.length < MIN_PASSWORD_LENGTH) errors['password'] = `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password !== rePassword) errors['rePassword'] = "Password doesn't match. Please try again.";
  const first = Object.values(errors)[0];
  if (first) return errorResponse(422, first, errors);

  const org = (await organizationStore(db).all())[0];
  const { salt, passwordHash } = await ctx.passwords.derive(password);
  const user = await userStore(db).insert({
    username: email,
    email,
    displayName: fullName,
    fullName,
    phoneNumber,
    roleId: 4,
    organizationId: org?.id ?? '1',
    salt,
    passwordHash,
    about: '',
    photoURL: '',
    status: 'online',
    providerId: 'mirage',
    createdAt: new Date(ctx.now()).toISOString(),
  });
  emitEvent(db, ctx.now(), { type: 'user.changed', organizationId: user.organizationId, subjectId: user.id, data: { change: 'created' } });
  return json(201, { message: 'Account created', user: userRecord(user) });
}

const bearerOf = bearerToken;

/** Runs the handler after re-reading another tab's sessions when the token is unknown here. */
function withTokenSync<T>(server: Server, token: string, run: () => T): T | Promise<T> {
  const pending = syncUnknownToken(server, token);
  return pending ? pending.then(run) : run();
}

function refreshTokenOf(request: Request): string {
  const body = parseBody(request);
  return isRecord(body) && typeof body['accessToken'] === 'string' ? body['accessToken'] : '';
}

/**
 * Refresh with rotation (docs/auth.md, "Refresh token rotation"): an issued token that is still the newest of
 * its sign-in (expired or not, up to SESSION_REFRESH_GRACE_MS past its expiry) is exchanged for a new one and
 * retired. Every token of a sign-in shares its session key: that is the family.
 */
async function refresh(db: MirageDb, request: Request, ctx: MirageContext) {
  const accessToken = refreshTokenOf(request);
  const sessions = sessionStore(db);
  const old = accessToken ? await sessions.byToken(accessToken) : undefined;
  if (!old) return errorResponse(401, 'Invalid refresh token');
  // A retired token comes back: someone kept a copy (the app never sends one twice, docs/auth.md). Whoever
  // holds the newer token may be the thief, so the whole sign-in ends, in every tab and on every device.
  if (old.revoked) {
    await sessions.revokeFamily(old.sessionKey);
    return errorResponse(401, 'Invalid refresh token');
  }
  const user = await userStore(db).get(String(old.userId));
  if (!user) return errorResponse(401, 'Invalid refresh token');
  // Unused for a day past its expiry: the sign-in is over (its rows are pruned at the next clean-up).
  if (old.expiresAt + SESSION_REFRESH_GRACE_MS <= ctx.now()) return errorResponse(401, 'Invalid refresh token');
  // An account disabled (or an organization suspended) since sign-in gets no new token.
  if (await signInRefusal(db, user)) return errorResponse(401, 'Invalid refresh token');
  // A locked sign-in gets no new token: only unlock (or sign-out) may follow.
  if (old.locked) return sessionLockedResponse();
  // Retired, not deleted: the row stays while its family lives (removeEnded), so a reuse is recognised.
  await sessions.retire(String(old.id));
  const next = await sessions.insert({
    accessToken: randomToken(),
    sessionKey: old.sessionKey,
    userId: old.userId,
    expiresAt: ctx.now() + ctx.tokenLifetimeS * 1000,
    revoked: false,
  });
  return json(200, {
    accessToken: next.accessToken,
    expiresAt: new Date(next.expiresAt).toISOString(),
    expiresIn: ctx.tokenLifetimeS,
  });
}

async function logout(db: MirageDb, request: Request, ctx: MirageContext) {
  const token = bearerOf(request);
  const sessions = sessionStore(db);
  const session = token ? await sessions.byToken(token) : undefined;
  // Revokes every token of this sign-in (refreshes keep the session key)...
  if (session) await sessions.revokeFamily(session.sessionKey);
  // ...and its rows (and every other ended sign-in's) leave the database.
  await sessions.removeEnded(ctx.now());
  return json(204);
}

/** The sign-in of a bearer token that was issued and not revoked (expired or not), with its user. */
async function signInOf(db: MirageDb, request: Request): Promise<{ session: Readonly<SessionRecord>; user: UserRow } | null> {
  const token = bearerOf(request);
  const session = token ? await sessionStore(db).byToken(token) : undefined;
  const user = session && !session.revoked ? await userStore(db).get(String(session.userId)) : undefined;
  return session && user ? { session, user } : null;
}

/**
 * Locks the sign-in: from now on every call with its tokens gets 423 `session_locked`, except unlock
 * and sign-out. An expired (not revoked) token is accepted, like unlock: the idle lock may come late.
 */
async function lock(db: MirageDb, request: Request) {
  const found = await signInOf(db, request);
  if (!found) return errorResponse(401, 'Invalid access token');
  const invalid = contractRefusal(request);
  if (invalid) return invalid;
  // Every token of the sign-in (refreshes keep the session key).
  await sessionStore(db).setLocked(found.session.sessionKey, true);
  return json(204);
}

/** What `GET /api/me` and a successful unlock answer: the server's own record of the caller and its role. */
export async function meRecord(db: MirageDb, user: UserRow) {
  const org = await organizationStore(db).get(String(user.organizationId));
  return {
    ...userRecord(user),
    organization: org ? { id: String(org.id), name: org.name } : null,
    defaultRoleId: user.roleId,
    roles: [user.roleId],
  };
}

/**
 * Checks the password of the token's user and lifts the lock of the sign-in. An expired (not revoked)
 * token is accepted: a session locked for longer than the token lifetime can still be unlocked, and
 * refreshes on its next request. Answers the caller's record (as `GET /api/me`): a session restored
 * locked is confirmed by the server here.
 */
async function unlock(db: MirageDb, request: Request, passwords: PasswordHasher) {
  const found = await signInOf(db, request);
  if (!found) return errorResponse(401, 'Invalid access token');
  const invalid = contractRefusal(request);
  if (invalid) return invalid;
  const { session, user } = found;
  const body = parseBody(request);
  const password = isRecord(body) && typeof body['password'] === 'string' ? body['password'] : '';
  if (!(await passwords.verify(password, user.salt, user.passwordHash))) {
    return errorResponse(422, 'Wrong password', { password: 'Wrong password' });
  }
  await sessionStore(db).setLocked(session.sessionKey, false);
  return json(200, await meRecord(db, user));
}

function forgotPassword(request: Request) {
  const body = parseBody(request);
  const email = isRecord(body) && typeof body['email'] === 'string' ? body['email'].trim() : '';
  if (!EMAIL_PATTERN.test(email)) {
    return errorResponse(422, 'Please enter a valid email address.', { email: 'Please enter a valid email address.' });
  }
  // The same answer whether or not the account exists: no account discovery.
  return json(200, { message: 'If an account exists for this address, a reset link is on its way.' });
}

export const authDomain: MirageDomain = {
  name: 'auth',
  seed: (db) => seed(db),
  routes(server, ctx) {
    // Accounts registered in another tab are read from the stored database first (browser only).
    const synced = <T>(run: () => T) => {
      const pending = runAuthSync(server);
      return pending ? pending.then(run) : run();
    };
    // The identity provider's access tokens are accepted too when one is configured (mirage/oidc).
    installProviderAuth(server, ctx.now, ctx.providerAuth === undefined ? undefined : ctx.providerAuth);
    server.post('/UserLogin', (_schema, request) => appKeyError(request) ?? synced(() => login(server.db, request, ctx)));
    server.post(
      '/UserProfile',
      (_schema, request) =>
        appKeyError(request) ??
        synced(() => idempotent(server.db, request, 'anonymous', ctx.now(), () => register(server.db, request, ctx))),
    );
    server.post('/auth/refresh-token', (_schema, request) =>
      withTokenSync(server, refreshTokenOf(request), () => refresh(server.db, request, ctx)),
    );
    server.post('/auth/logout', (_schema, request) => withTokenSync(server, bearerOf(request), () => logout(server.db, request, ctx)));
    server.post('/auth/unlock', (_schema, request) =>
      withTokenSync(server, bearerOf(request), () => unlock(server.db, request, ctx.passwords)),
    );
    server.post('/auth/lock', (_schema, request) => withTokenSync(server, bearerOf(request), () => lock(server.db, request)));
    // Who the bearer is, as the server knows it: the app confirms a restored session's user and role here.
    server.get(
      '/me',
      withAuth(server, async ({ db, user }) => json(200, await meRecord(db, user))),
    );
    server.post('/auth/forgot-password', (_schema, request) => appKeyError(request) ?? forgotPassword(request));
  },
};
