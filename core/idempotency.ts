import { errorBody, type ErrorBody } from './error-shape';

/**
 * The rules of idempotent creates, as payment APIs have them, free of any transport and store: a create sent
 * with an `Idempotency-Key` header is done once.
 * - the same key with the same request (method, path, body) again: the first answer (status and body) is
 *   replayed with `Idempotent-Replayed: true`, and nothing is created again;
 * - the same key with a different request: 422, nothing is done;
 * - while the first answer is still being made: 409;
 * - only successful (2xx) answers are kept, so a refused request can be corrected and sent with the same key;
 * - keys are kept per owner (a user, or the application key before sign-in) for 24 hours.
 * The kept answers are behind one async repository: the embedded backend's is its rows in memory
 * (mirage/idempotency.ts), the server's is PostgreSQL (server/db/idempotency-keys.ts), so no server process
 * holds them.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_SHAPE = /^[\x21-\x7E]{1,255}$/;

/** A kept answer. */
export interface IdempotencyRecord {
  /** The user id, or 'anonymous' for calls made before sign-in (registration). */
  owner: string;
  key: string;
  /** Method, path and a hash of the canonical body of the first request (no body is kept in clear). */
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: number;
}

export interface IdempotencyRepository {
  /** The answer kept for this owner's key, if it is not expired at `now` (isExpired). */
  find(owner: string, key: string, now: number): Promise<Readonly<IdempotencyRecord> | undefined>;
  /** Keeps an answer. */
  insert(record: IdempotencyRecord): Promise<void>;
  /** Forgets the answers expired at `now`; answers how many. */
  removeExpired(now: number): Promise<number>;
}

/** What a request's header asks: nothing, a malformed key (the 400 to answer), or a key. */
export type KeyRequest = { kind: 'none' } | { kind: 'invalid'; status: 400; error: ErrorBody } | { kind: 'key'; key: string };

export function readIdempotencyKey(header: string | undefined): KeyRequest {
  if (header === undefined) return { kind: 'none' };
  if (!KEY_SHAPE.test(header)) {
    return {
      kind: 'invalid',
      status: 400,
      error: errorBody('The Idempotency-Key header must be 1 to 255 visible ASCII characters', { errors: { idempotencyKey: 'invalid' } }),
    };
  }
  return { kind: 'key', key: header };
}

/** What to do with a request whose key is known, in flight, or new. */
export type KeyDecision =
  { kind: 'run' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'refuse'; status: 409 | 422; error: ErrorBody };

export function decideIdempotency(existing: IdempotencyRecord | undefined, fingerprint: string, inFlight: boolean): KeyDecision {
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      return {
        kind: 'refuse',
        status: 422,
        error: errorBody('This Idempotency-Key was already used for a different request; send a new key for a new request', {
          errors: { idempotencyKey: 'reusedWithDifferentRequest' },
        }),
      };
    }
    return { kind: 'replay', status: existing.status, body: existing.body };
  }
  if (inFlight)
    return {
      kind: 'refuse',
      status: 409,
      error: errorBody('A request with this Idempotency-Key is still being processed; retry in a moment'),
    };
  return { kind: 'run' };
}

/** Only successful answers are kept. */
export const isKeptAnswer = (status: number): boolean => status >= 200 && status < 300;

/** A key older than the TTL is forgotten. */
export const isExpired = (record: Pick<IdempotencyRecord, 'createdAt'>, now: number): boolean =>
  now - record.createdAt > IDEMPOTENCY_TTL_MS;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
export function hash53(text: string): string {
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

/** What makes two requests the same: method, path (no origin, no query) and the canonical body. */
export function requestFingerprint(method: string, url: string, rawBody: string): string {
  let body: string;
  try {
    body = rawBody ? canonical(JSON.parse(rawBody) as unknown) : '';
  } catch {
    body = rawBody;
  }
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  return `${method.toUpperCase()} ${path} ${body.length}:${hash53(body)}`;
}
