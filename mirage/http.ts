import { Response, type Request, type Server } from 'miragejs';
import type { AnyResponse } from 'miragejs/-types';
import { can, type Action, type PermissionRecord, type Resource } from '../machines/permissions/can';
import { subjectOf } from '../api/access';
import { contractRefusal } from './contract/gate';
import { sha256HexSync } from './crypto';
import type { MirageDb } from './db';
import { errorBody, type ErrorDetails } from '../core/error-shape';
import { sessionsTable, sessionStore } from './sessions';
import { userStore, type UserRow } from './user-store';

export type { SessionRow } from './sessions';

export type { UserRow };

export function json(status: number, body?: unknown): Response {
  return new Response(status, { 'Content-Type': 'application/json' }, body === undefined ? '' : (body as object));
}

/** A JSON error answer in the one error shape (core/error-shape.ts). */
export function errorAnswer(status: number, message: string, details?: ErrorDetails): Response {
  return json(status, errorBody(message, details));
}

/** A JSON error answer: `{ message, errors? }`, where errors maps field names to i18n-friendly messages. */
export function errorResponse(status: number, message: string, errors?: Record<string, string>): Response {
  return errorAnswer(status, message, errors ? { errors } : {});
}

/** The authenticated user of a request, or the 401 to answer. */
export function authenticate(db: MirageDb, request: Request, now = Date.now()): Promise<UserRow | Response> {
  return authenticateToken(db, bearerToken(request), now);
}

async function authenticateToken(db: MirageDb, token: string, now: number): Promise<UserRow | Response> {
  const session = token ? await sessionStore(db).byToken(token) : undefined;
  const user = session && !session.revoked ? await userStore(db).get(String(session.userId)) : undefined;
  if (!session || session.revoked || !user) return errorResponse(401, 'Invalid access token');
  // Locked before expired: a locked session must go to the lock screen, never through a refresh to a sign-out.
  if (session.locked) return sessionLockedResponse();
  if (session.expiresAt <= now) return errorResponse(401, 'Invalid access token');
  return user;
}

/** `423 Locked` with `code: "session_locked"`: the client shows the lock screen (docs/auth.md). */
export const SESSION_LOCKED_CODE = 'session_locked';
export function sessionLockedResponse(): Response {
  return errorAnswer(423, 'Session locked', { code: SESSION_LOCKED_CODE });
}

// The clock each server runs on (tests move it), so token expiry is judged against the same time it was issued with.
const clocks = new WeakMap<object, () => number>();
export function setServerClock(server: Server, now: () => number): void {
  clocks.set(server, now);
}

// In the browser, several tabs each run their own Mirage over one stored database. A token another
// tab issued is unknown here until this tab re-reads the stored sessions: the sync does that.
const authSyncs = new WeakMap<object, (token?: string) => Promise<void>>();
/** `sync(token)` resolves once the stored sessions are merged and, given a token, once it is known or a short wait ended. */
export function setAuthSync(server: Server, sync: (token?: string) => Promise<void>): void {
  authSyncs.set(server, sync);
}

// With an identity provider configured, a bearer that is the provider's token is verified by
// mirage/oidc/provider-auth.ts (asynchronously: the provider's keys are fetched); null = not one of its tokens.
type ProviderAuth = (token: string) => Promise<UserRow | Response> | null;
const providerAuths = new WeakMap<object, ProviderAuth>();
export function setProviderAuth(server: Server, verify: ProviderAuth): void {
  providerAuths.set(server, verify);
}

export function bearerToken(request: Request): string {
  const header = request.requestHeaders['Authorization'] ?? request.requestHeaders['authorization'] ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/** The sync's promise when one is set (browser), else null. */
export function runAuthSync(server: Server): Promise<void> | null {
  return authSyncs.get(server)?.() ?? null;
}

/** When the token is unknown here and a sync is set, the promise of re-reading the stored sessions; else null. */
export function syncUnknownToken(server: Server, token: string): Promise<void> | null {
  const sync = authSyncs.get(server);
  if (!sync || !token) return null;
  // Only the browser sets a sync, and its sessions are the rows in memory.
  if (sessionsTable(server.db).where({ accessToken: token })[0]) return null;
  return sync(token);
}

export interface AuthedContext {
  db: MirageDb;
  request: Request;
  user: UserRow;
}

export { subjectOf };

/** A 403 answer when `can()` refuses the user this action, else null. The body carries the reason code. */
export function forbidden(user: UserRow, action: Action, resource: Resource, record?: PermissionRecord): Response | null {
  const decision = can(subjectOf(user), action, resource, record);
  return decision.allowed ? null : errorAnswer(403, 'Forbidden', { reason: decision.reason });
}

export interface WithAuthOptions {
  /** `can(user, action, resource)` must allow it (403 with the reason otherwise); record checks stay in the handler. */
  permission?: { action: Action; resource: Resource };
}

/** Wraps a handler so it runs only for a valid bearer token (401) and, when given, a permitted role (403). */
export function withAuth(
  server: Server,
  handler: (ctx: AuthedContext) => unknown,
  options: WithAuthOptions = {},
): (...args: unknown[]) => AnyResponse {
  const answer = async (request: Request, verified?: UserRow | Response) => {
    const user = verified ?? (await authenticate(server.db, request, (clocks.get(server) ?? Date.now)()));
    if (user instanceof Response) return user;
    // The caller is known: now the request's shape (docs/api/openapi.yaml), before what they may do.
    const invalid = contractRefusal(request);
    if (invalid) return invalid;
    if (options.permission) {
      const refused = forbidden(user, options.permission.action, options.permission.resource);
      if (refused) return refused;
    }
    // Handlers answer with json()/errorResponse() (or a promise of one).
    return handler({ db: server.db, request, user });
  };
  return function (this: unknown, ...args: unknown[]) {
    const request = args[1] as Request;
    // A unit credential reaches the agent API only (the API app's agentOf): refused at once, never looked up as a session.
    if (isUnitCredential(bearerToken(request))) return errorResponse(401, 'Invalid access token');
    const provider = providerAuths.get(server)?.(bearerToken(request));
    // Mirage's typings want AnyResponse; it awaits a promise of one.
    if (provider) return provider.then((user) => answer(request, user)) as AnyResponse;
    const pending = syncUnknownToken(server, bearerToken(request));
    return (pending ? pending.then(() => answer(request)) : answer(request)) as AnyResponse;
  };
}

/**
 * The caller of an `Authorization` header, or the answer that refuses it: withAuth's steps for a request the
 * API app (api/app.ts) answers. A unit credential is refused, a provider's token verified, a token another tab
 * issued synced first.
 */
export async function callerOf(server: Server, authorization: string): Promise<UserRow | Response> {
  const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  if (isUnitCredential(token)) return errorResponse(401, 'Invalid access token');
  const provider = providerAuths.get(server)?.(token);
  if (provider) return provider;
  const pending = syncUnknownToken(server, token);
  if (pending) await pending;
  return authenticateToken(server.db, token, (clocks.get(server) ?? Date.now)());
}

// --- the agent API's credential (docs/api/openapi.yaml, agentAuth; checked by api/services/agent-api.ts) ---

/** `sua_unit_<unit id>_<secret>`: a user's route refuses it at once, without looking it up as a session. */
export const isUnitCredential = (token: string): boolean => token.startsWith('sua_unit_');

/** The stored form of a credential or enrolment token: SHA-256 hex (only the hash is kept). */
export const secretHash = (secret: string): string => sha256HexSync(secret);
