import {
  BACKEND_SESSION,
  confirmedOf,
  createSessionHarness,
  PROVIDER_SESSION,
  storedOf,
  type SessionHarness,
} from '../testing/session-harness';
import type { SessionData } from './stored-session';

/** Shared by session.machine.test.ts and session.provider.test.ts (split to keep each file under 450 lines). */
export const IDLE_MS = 60_000;
export const CONFIRMED = confirmedOf(BACKEND_SESSION);
export const VALID = storedOf(BACKEND_SESSION);
export const LOCKED = storedOf(BACKEND_SESSION, true);

/** What a queued request ended with. */
export function outcome(promise: Promise<string>) {
  const result: { token?: string; error?: unknown } = {};
  promise.then(
    (token) => (result.token = token),
    (error: unknown) => (result.error = error),
  );
  return result;
}

/** A restored session the server has confirmed: signed in and active. */
export async function confirmed(stored = VALID, idleMs = IDLE_MS): Promise<SessionHarness> {
  const h = createSessionHarness({ stored, idleMs });
  h.fakes.fetchMe.last().resolve(stored === VALID || stored === LOCKED ? CONFIRMED : confirmedOf(PROVIDER_SESSION));
  await h.settle();
  return h;
}

/** A provider session just back from /callback, its role confirmed by the server. */
export async function providerSession(session: SessionData = PROVIDER_SESSION, idleMs = 0): Promise<SessionHarness> {
  const h = createSessionHarness({ idleMs });
  h.actor.send({ type: 'session.provider.signedIn', session });
  h.fakes.fetchMe.last().resolve(confirmedOf(session));
  await h.settle();
  return h;
}
