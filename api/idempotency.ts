import {
  decideIdempotency,
  IDEMPOTENCY_HEADER,
  isKeptAnswer,
  readIdempotencyKey,
  requestFingerprint,
  type IdempotencyRepository,
} from '../core/idempotency';
import { json } from './http';

/**
 * Idempotent creates (the rules: core/idempotency.ts): the answer of a create sent with an
 * `Idempotency-Key` is kept per owner, and the same request with the key replays it.
 */

export interface IdempotencyEnv {
  keys: IdempotencyRepository;
  /**
   * Keys whose create is running in this process, when nothing else orders two creates with one key (the
   * browser): the second gets 409 while the first runs. Absent on the server, whose serializable
   * transactions make the second wait for the first one's commit and replay its answer.
   */
  running?: Set<string>;
}

/** Runs `create` at most once per (owner, Idempotency-Key); without the header it simply runs. */
export async function idempotent(
  env: IdempotencyEnv,
  request: Request,
  body: string,
  owner: string | number,
  now: number,
  create: () => Promise<Response>,
): Promise<Response> {
  const asked = readIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER) ?? undefined);
  if (asked.kind === 'none') return create();
  if (asked.kind === 'invalid') return json(asked.status, asked.error);
  const who = String(owner);
  const fingerprint = requestFingerprint(request.method, request.url, body);
  const mark = `${who}\n${asked.key}`;
  if (env.running?.has(mark)) {
    const decision = decideIdempotency(undefined, fingerprint, true);
    return decision.kind === 'refuse' ? json(decision.status, decision.error) : create();
  }
  env.running?.add(mark);
  try {
    await env.keys.removeExpired(now);
    const decision = decideIdempotency(await env.keys.find(who, asked.key, now), fingerprint, false);
    if (decision.kind === 'replay') return json(decision.status, decision.body, { 'Idempotent-Replayed': 'true' });
    if (decision.kind === 'refuse') return json(decision.status, decision.error);
    const answer = await create();
    if (isKeptAnswer(answer.status)) {
      const text = await answer.clone().text();
      const kept: unknown = text === '' ? '' : JSON.parse(text);
      await env.keys.insert({ owner: who, key: asked.key, fingerprint, status: answer.status, body: kept, createdAt: now });
    }
    return answer;
  } finally {
    env.running?.delete(mark);
  }
}
