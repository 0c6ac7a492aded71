import { Response, type Request, type Server } from 'miragejs';
import type { AnyResponse } from 'miragejs/-types';
import { can, type Action, type PermissionRecord, type Resource } from '../machines/permissions/can';
import { subjectOf } from '../api/access';
import { contractRefusal } from './contract/gate';
import { sha256HexSync, sameText } from './crypto';
import type { MirageDb, Row } from './db';
import { errorBody, type ErrorDetails } from '../core/error-shape';
import { sessionsTable, sessionStore } from './sessions';
import { userStore, type UserRow } from './user-store';
import { unitStore } from './unit-store';

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

export function parseBody(request: Request): unknown {
  if (!request.requestBody) return {};
  try {
    return JSON.parse(request.requestBody) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    // A unit credential reaches the agent API only (withAgent): refused at once, never looked up as a session.
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

/** Reads a query parameter as one string. */
export function queryParam(request: Request, name: string): string | undefined {
  const value = request.queryParams[name];
  if (Array.isArray(value)) return value[0] ?? undefined;
  return value ?? undefined;
}

// --- the agent API's credential (docs/api/openapi.yaml, agentAuth) -------------------------------

/**
 * `sua_unit_<unit id>_<secret>`: the unit's id (a seeded number or a UUID, mirage/record-ids.ts), then a
 * random (or, for a simulated agent, derived) secret.
 */
const UNIT_CREDENTIAL = /^sua_unit_(\d{1,18}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{20,100})$/;

export const isUnitCredential = (token: string): boolean => token.startsWith('sua_unit_');

/** The unit id a credential names, or null when it is not one. */
export function credentialUnitId(credential: string): string | null {
  return UNIT_CREDENTIAL.exec(credential)?.[1] ?? null;
}

/** The stored form of a credential or enrolment token: SHA-256 hex (only the hash is kept). */
export const secretHash = (secret: string): string => sha256HexSync(secret);

/** What withAgent reads of a unit row (mirage/domains/service-units.ts has the whole row). */
export interface AgentUnitRow extends Row {
  organizationId: string | number;
  agent?: { credentialHash?: string; revokedAt: string | null } | null;
}

export interface AgentContext {
  db: MirageDb;
  request: Request;
  /** The credential's unit (its agent active). */
  unit: AgentUnitRow;
}

export function agentError(status: number, code: string, message: string): Response {
  return errorAnswer(status, message, { code });
}

/** The unit whose active agent holds the request's credential, or the 401 `agentUnauthorized`. */
export async function authenticateAgent(db: MirageDb, request: Request): Promise<AgentUnitRow | Response> {
  const credential = bearerToken(request);
  const unitId = credentialUnitId(credential);
  const unit: AgentUnitRow | undefined = unitId ? await unitStore(db).get(unitId) : undefined;
  const stored = unit?.agent?.credentialHash;
  if (!unit || !stored || unit.agent?.revokedAt || !sameText(secretHash(credential), stored)) {
    return agentError(401, 'agentUnauthorized', 'Invalid agent credential');
  }
  return unit;
}

const isJson = (request: Request): boolean => {
  const type = request.requestHeaders['Content-Type'] ?? request.requestHeaders['content-type'] ?? '';
  return /^application\/json\s*(;|$)/i.test(type.trim());
};

/** 415 `unsupportedMediaType` when a write's body is not declared as JSON, else null. */
export function unsupportedMediaType(request: Request): Response | null {
  // Pretender's request and the Node transport's both carry the method (Mirage's typings leave it out).
  const method = ((request as Request & { method?: string }).method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'DELETE' || isJson(request)) return null;
  return agentError(415, 'unsupportedMediaType', 'Send the body as application/json');
}

/**
 * Wraps an agent API handler: it runs only for a unit credential of an active agent (a user's token, an
 * unknown or revoked credential: 401 `agentUnauthorized`), and a write only with a JSON body (415).
 */
export function withAgent(server: Server, handler: (ctx: AgentContext) => unknown): (...args: unknown[]) => AnyResponse {
  return function (this: unknown, ...args: unknown[]) {
    const request = args[1] as Request;
    // Mirage's typings want AnyResponse; it awaits a promise of one.
    return authenticateAgent(server.db, request).then((unit) =>
      unit instanceof Response
        ? unit
        : (unsupportedMediaType(request) ?? contractRefusal(request) ?? handler({ db: server.db, request, unit })),
    ) as AnyResponse;
  };
}
