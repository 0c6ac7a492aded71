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
  type IdempotencyRepository,
} from '../core/idempotency';
import { givenRepository } from './given-repositories';

/**
 * Idempotent creates (the rules: core/idempotency.ts): keys are kept per user (per application key before
 * sign-in) in an IdempotencyRepository, this backend's rows in the browser and PostgreSQL on the server.
 * Every create endpoint is wrapped: to-do task, service unit, URL rule, process rule, email compose,
 * registration, agent enrolment.
 */

export const IDEMPOTENCY_KEYS = 'idempotencyKeys';

export interface IdempotencyRow extends Row, IdempotencyRecord {}

const inFlight = new WeakMap<object, Set<string>>();
const keys = (db: MirageDb) => table<IdempotencyRow>(db, IDEMPOTENCY_KEYS);

/** The kept answers as the rows in memory. */
export function memoryIdempotencyKeys(db: MirageDb): IdempotencyRepository {
  return {
    find(owner, key, now) {
      return Promise.resolve(keys(db).where((r) => r.owner === owner && r.key === key && !isExpired(r, now))[0]);
    },
    insert(record) {
      keys(db).insert({ ...record });
      return Promise.resolve();
    },
    removeExpired(now) {
      const old = keys(db).where((r) => isExpired(r, now));
      for (const row of old) keys(db).remove(row.id);
      return Promise.resolve(old.length);
    },
  };
}

export const idempotencyStore = (db: MirageDb): IdempotencyRepository =>
  givenRepository<ReturnType<typeof memoryIdempotencyKeys>>(db, 'idempotencyKeys') ?? memoryIdempotencyKeys(db);

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

async function remember<T>(db: MirageDb, owner: string, key: string, fingerprint: string, answer: T, now: number): Promise<T> {
  if (answer instanceof Response) {
    const { code, data } = answer as unknown as AnswerShape;
    if (isKeptAnswer(code)) {
      const body: unknown = data === undefined || data === '' ? '' : JSON.parse(JSON.stringify(data));
      await idempotencyStore(db).insert({ owner, key, fingerprint, status: code, body, createdAt: now });
    }
  }
  return answer;
}

/**
 * Runs `create` at most once per (owner, Idempotency-Key); without the header it simply runs. `create` may
 * answer with a Response or a promise of one. While it runs, a second request with the key gets 409: the
 * mark is set before the first await, so two requests interleaved in one process cannot both run (on the
 * server, the second one's serializable transaction waits for the first one's commit, and replays its answer).
 */
export async function idempotent<T>(
  db: MirageDb,
  request: Request,
  owner: string | number,
  now: number,
  create: () => T | Promise<T>,
): Promise<T | Response> {
  const asked = readIdempotencyKey(headerValue(request, IDEMPOTENCY_HEADER));
  if (asked.kind === 'none') return create();
  if (asked.kind === 'invalid') return json(asked.status, asked.error);
  const { key } = asked;
  const who = String(owner);
  const fingerprint = fingerprintOf(request);
  // The server's creates run in serializable transactions: a second one with the key waits for the first
  // one's commit and replays its answer. In memory, nothing else orders two creates in flight at once.
  if (givenRepository(db, 'idempotencyKeys')) return runOnce(db, who, key, fingerprint, now, create);
  const marks = inFlight.get(db) ?? new Set<string>();
  inFlight.set(db, marks);
  const mark = `${who}\n${key}`;
  if (marks.has(mark)) {
    const decision = decideIdempotency(undefined, fingerprint, true);
    return decision.kind === 'refuse' ? json(decision.status, decision.error) : create();
  }
  marks.add(mark);
  try {
    return await runOnce(db, who, key, fingerprint, now, create);
  } finally {
    marks.delete(mark);
  }
}

/** Replays the answer kept for the key, refuses its reuse for another request, or runs `create` and keeps its answer. */
async function runOnce<T>(
  db: MirageDb,
  who: string,
  key: string,
  fingerprint: string,
  now: number,
  create: () => T | Promise<T>,
): Promise<T | Response> {
  const store = idempotencyStore(db);
  await store.removeExpired(now);
  const decision = decideIdempotency(await store.find(who, key, now), fingerprint, false);
  if (decision.kind === 'replay') return replay(decision);
  if (decision.kind === 'refuse') return json(decision.status, decision.error);
  return remember(db, who, key, fingerprint, await create(), now);
}
