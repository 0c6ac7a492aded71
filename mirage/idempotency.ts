import { Response, type Request } from 'miragejs';
import { table, type MirageDb, type Row } from './db';
import { errorResponse, isRecord } from './http';

/**
 * Idempotent creates, as payment APIs do them: a create sent with an `Idempotency-Key` header is done once.
 * - the same key with the same request (method, path, body) again: the first answer (status and body) is
 *   replayed with `Idempotent-Replayed: true`, and nothing is created again;
 * - the same key with a different request: 422, nothing is done;
 * - only successful (2xx) answers are kept, so a refused request can be corrected and sent with the same key;
 * - keys are kept per user (per application key before sign-in) for 24 hours in the `idempotencyKeys` collection.
 * Every create endpoint is wrapped: to-do task, service unit, URL rule, process rule, email compose, registration.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_SHAPE = /^[\x21-\x7E]{1,255}$/;

export interface IdempotencyRow extends Row {
  /** The user id, or 'anonymous' for calls made before sign-in (registration). */
  owner: string;
  key: string;
  /** Method, path and a hash of the canonical body of the first request. */
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: number;
}

const inFlight = new WeakMap<object, Set<string>>();
const keys = (db: MirageDb) => table<IdempotencyRow>(db, 'idempotencyKeys');

export function headerValue(request: Request, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [header, value] of Object.entries(request.requestHeaders ?? {})) {
    if (header.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** JSON with sorted object keys, so `{a,b}` and `{b,a}` are one request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** cyrb53: a fast 53-bit string hash. The stored fingerprint is a hash, so no body (a password) is kept in clear. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function fingerprintOf(request: Request): string {
  const raw = request.requestBody ?? '';
  let body: string;
  try {
    body = raw ? canonical(JSON.parse(raw) as unknown) : '';
  } catch {
    body = String(raw);
  }
  const path = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  const method = (request as Request & { method?: string }).method ?? 'POST';
  return `${method.toUpperCase()} ${path} ${body.length}:${hash53(body)}`;
}

function replay(row: IdempotencyRow): Response {
  return new Response(row.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' }, row.body as object);
}

/** Mirage's Response as it is at run time (its typings hide the fields). */
interface AnswerShape {
  code: number;
  data: unknown;
}

function remember<T>(db: MirageDb, owner: string, key: string, fingerprint: string, answer: T, now: number): T {
  if (answer instanceof Response) {
    const { code, data } = answer as unknown as AnswerShape;
    if (code >= 200 && code < 300) {
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
  const key = headerValue(request, IDEMPOTENCY_HEADER);
  if (key === undefined) return create();
  if (!KEY_SHAPE.test(key)) {
    return errorResponse(400, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters', { idempotencyKey: 'invalid' });
  }
  const who = String(owner);
  // Forget keys older than 24 hours.
  for (const old of keys(db).where((r) => now - r.createdAt > IDEMPOTENCY_TTL_MS)) keys(db).remove(old.id);
  const fingerprint = fingerprintOf(request);
  const existing = keys(db).where((r) => r.owner === who && r.key === key)[0];
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      return errorResponse(422, 'This Idempotency-Key was already used for a different request; send a new key for a new request', {
        idempotencyKey: 'reusedWithDifferentRequest',
      });
    }
    return replay(existing);
  }
  // An answer still being made (registration hashes a password first): a second request with the key gets 409.
  const marks = inFlight.get(db) ?? new Set<string>();
  inFlight.set(db, marks);
  const mark = `${who}\n${key}`;
  if (marks.has(mark)) return errorResponse(409, 'A request with this Idempotency-Key is still being processed; retry in a moment');
  const answer = create();
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
