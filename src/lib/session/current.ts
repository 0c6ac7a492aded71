/**
 * The app's one session actor, as the first screen sees it. The actor, its machine and XState are not in the
 * entry, which stays small: `startSession()` loads them (./service) and starts the actor, at once when the
 * visit needs it (a stored session to restore, a signed-in page), else right after the first screen is
 * painted (src/main.tsx). Until then the views read a stand-in value, and the guard reads the stored session
 * itself: a stored session is `pending` (a spinner, never the login form), none is `signedOut`.
 * Modules that import ./service (the signed-in pages, the other auth pages) use `getSessionActor()`;
 * whoever starts the actor first, both see the same one.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { parseStoredSession } from '@machines/session/stored-session';
import type { SessionActor } from './service';
import { readStoredValues, SIGNED_OUT_AT_PROVIDER_KEY } from './storage';

export type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

let actor: SessionActor | null = null;
const listeners = new Set<() => void>();

/** ./service: the actor it started or was given (tests), or null once stopped. */
export function publishSessionActor(next: SessionActor | null): void {
  if (next === actor) return;
  actor = next;
  for (const listener of [...listeners]) listener();
}

/** The running session actor, or null before `startSession()` has loaded it. */
export function peekSessionActor(): SessionActor | null {
  return actor;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` with the session actor (or null) now and whenever another one replaces it; returns the unsubscribe. */
export function followSessionActor(listener: (session: SessionActor | null) => void): () => void {
  const onChange = () => listener(actor);
  listeners.add(onChange);
  onChange();
  return () => listeners.delete(onChange);
}

/** Loads the session's code and starts the actor from storage (once; later calls get the same actor). */
export function startSession(): Promise<SessionActor> {
  if (actor) return Promise.resolve(actor);
  return import('./service').then((service) => service.getSessionActor());
}

/** Runs `command` with the session actor: at once when it runs, else as soon as it has loaded. */
export function withSession(command: (session: SessionActor) => void): void {
  if (actor) command(actor);
  else
    startSession().then(command, (error: unknown) => {
      console.error('The session could not start', error);
    });
}

/**
 * Whether this visit must start the session before its first screen: a stored session to restore (or a
 * lock), or the notice of a sign-out at the identity provider to show on the login page.
 */
export function sessionNeededAtStart(): boolean {
  if (parseStoredSession(readStoredValues()) !== null) return true;
  try {
    return globalThis.sessionStorage?.getItem(SIGNED_OUT_AT_PROVIDER_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The running actor, or null before it has started (re-renders when it starts). */
export function useSessionActor(): SessionActor | null {
  return useSyncExternalStore(subscribe, peekSessionActor, peekSessionActor);
}

/**
 * Reads the session actor with a named selector; `beforeStart` until the actor has started (the value the
 * actor's first snapshot gives a visitor without a stored session: signed out, nothing pending). The selector
 * must return the same value for the same state (a primitive, a context object, or a memoised one), as a
 * `useSyncExternalStore` snapshot must. Not @xstate/react's `useSelector`: its module imports XState's
 * runtime, which would then be part of the first load (build/boot-chunks.ts).
 */
export function useSessionSelector<T>(selector: (s: SessionSnapshot) => T, beforeStart: T | (() => T)): T {
  const running = useSessionActor();
  const subscribeToActor = useCallback(
    (onChange: () => void) => {
      if (!running) return () => undefined;
      const subscription = running.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [running],
  );
  const read = (): T => {
    if (running) return selector(running.getSnapshot());
    return typeof beforeStart === 'function' ? (beforeStart as () => T)() : beforeStart;
  };
  return useSyncExternalStore(subscribeToActor, read, read);
}
