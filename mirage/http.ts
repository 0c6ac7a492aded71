import { Response, type Server } from 'miragejs';
import { subjectOf } from '../api/access';
import { sha256HexSync } from './crypto';
import { errorBody, type ErrorDetails } from '../core/error-shape';
import { sessionsTable } from './sessions';
import type { UserRow } from './user-store';

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

// In the browser, several tabs each run their own Mirage over one stored database. A token another
// tab issued is unknown here until this tab re-reads the stored sessions: the sync does that.
const authSyncs = new WeakMap<object, (token?: string) => Promise<void>>();
/** `sync(token)` resolves once the stored sessions are merged and, given a token, once it is known or a short wait ended. */
export function setAuthSync(server: Server, sync: (token?: string) => Promise<void>): void {
  authSyncs.set(server, sync);
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

export { subjectOf };

// --- the agent API's credential (docs/api/openapi.yaml, agentAuth; checked by api/services/agent-api.ts) ---

/** The stored form of a credential or enrolment token: SHA-256 hex (only the hash is kept). */
export const secretHash = (secret: string): string => sha256HexSync(secret);
