import { Response, type Request } from 'miragejs';
import { table, type MirageDb, type Row } from './db';
import { json } from './http';
import {
  decideIdempotency,
  IDEMPOTENCY_HEADER,
  isExpired,
  isKeptAnswer,
  readIdempotencyKey,
  requestFingerprint,
  type IdempotencyRecord,
} from '../core/idempotency';

/**
 * Idempotent creates (the rules: core/idempotency.ts) over this backend's rows: keys are kept per user (per
 * application key before sign-in) in the `idempotencyKeys` collection. Every create endpoint is wrapped:
 * to-do task, service unit, URL rule, process rule, email compose, registration.
 */

export interface IdempotencyRow extends Row, IdempotencyRecord {}

const inFlight = new WeakMap<object, Set<string>>();
const keys = (db: MirageDb) => table<IdempotencyRow>(db, 'idempotencyKeys');

export function headerValue(request: Request, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [header, value] of Object.entries(request.requestHeaders ?? {})) {
    if (header.toLowerCase() === wanted) return value;
  }
  return undefined;
}

const fingerprintOf = (request: Request): string =>
  requestFingerprint((request as Request & { method?: string }).method ?? 'POST', request.url, request.requestBody ?? '');

function replay(kept: { status: number; body: unknown }): Response {
  return new Response(kept.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' }, kept.body as object);
}

/** Mirage's Response as it is at run time (its typings hide the fields). */
interface AnswerShape {
  code: number;
  data: unknown;
}

function remember<T>(db: MirageDb, owner: string, key: string, fingerprint: string, answer: T, now: number): T {
  if (answer instanceof Response) {
    const { code, data } = answer as unknown as AnswerShape;
    if (isKeptAnswer(code)) {
      const body: unknown = data === undefined || data === '' ? '' : JSON.parse(JSON.stringify(data));
      keys(db).insert({ owner, key, fingerprint, status: code, body, createdAt: now });
    }
  }
  return answer;
}

/**
 * Runs `create` at most once per (owner, Idempotency-Key); without the header it simply runs.
 * `create` may answer with a Response or a promise of one (registration hashes a password first).
 */
export function idempotent<T>(db: MirageDb, request: Request, owner: string | number, now: number, create: () => T): T | Response {
  const asked = readIdempotencyKey(headerValue(request, IDEMPOTENCY_HEADER));
  if (asked.kind === 'none') return create();
  if (asked.kind === 'invalid') return json(asked.status, asked.error);
  const { key } = asked;
  const who = String(owner);
  for (const old of keys(db).where((r) => isExpired(r, now))) keys(db).remove(old.id);
  const fingerprint = fingerprintOf(request);
  const marks = inFlight.get(db) ?? new Set<string>();
  inFlight.set(db, marks);
  const mark = `${who}\n${key}`;
  const decision = decideIdempotency(keys(db).where((r) => r.owner === who && r.key === key)[0], fingerprint, marks.has(mark));
  if (decision.kind === 'replay') return replay(decision);
  if (decision.kind === 'refuse') return json(decision.status, decision.error);
  const answer = create();
  // An answer still being made (registration hashes a password first): a second request with the key gets 409.
  if (answer instanceof Promise) {
    marks.add(mark);
    return answer.then(
      (settled: unknown) => {
        marks.delete(mark);
        return remember(db, who, key, fingerprint, settled, now);
      },
      (error: unknown) => {
        marks.delete(mark);
        throw error;
      },
    ) as T;
  }
  return remember(db, who, key, fingerprint, answer, now);
}
