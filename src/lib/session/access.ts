import type { RoleId } from '../roles';
import { peekSessionActor, useSessionSelector, withSession, type SessionSnapshot } from './current';
import { readStoredValues } from './storage';
import { parseStoredSession } from '@machines/session/stored-session';

/**
 * What the route guard and the layout may know of the session, read from the session machine only
 * (never from storage, which anyone at the keyboard can edit):
 * - `pending`: restoring, or confirming a restored session with the server (`GET /api/me`);
 * - `unconfirmed`: the server could not be asked; nothing role-gated renders until a retry succeeds;
 * - `signedIn`: `role` is the role the server confirmed in this tab (undefined while a restored lock
 *   hides it); `locked` while the lock screen must show.
 */
export type SessionAccess =
  | { status: 'pending' }
  | { status: 'unconfirmed' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; role: RoleId | undefined; locked: boolean };

type Snapshot = SessionSnapshot;

/** Named selectors of the session machine's states, for views (they never name the chart's nodes themselves). */
export const selectIsSigningIn = (s: Snapshot) => s.matches('signingIn');
export const selectIsSignedOut = (s: Snapshot) => s.matches('signedOut') || s.matches('signingOut');
export const selectIsActive = (s: Snapshot) => s.matches({ signedIn: { access: 'active' } });
const selectIsLocked = (s: Snapshot) => s.matches({ signedIn: { access: 'locked' } });
/** The lock screen is offered only where the machine accepts a lock (never for a provider session: no password here). */
const selectCanLock = (s: Snapshot) => s.can({ type: 'session.lock' });
export const selectIsUnlocking = (s: Snapshot) => s.matches({ signedIn: { access: { locked: 'unlocking' } } });

const PENDING: SessionAccess = { status: 'pending' };
const UNCONFIRMED: SessionAccess = { status: 'unconfirmed' };
const SIGNED_OUT: SessionAccess = { status: 'signedOut' };

/** Named selector: the session as the guard sees it. */
function selectSessionAccess(s: Snapshot): SessionAccess {
  if (s.matches('restoring') || s.matches('confirming')) return PENDING;
  if (s.matches('confirmFailed')) return UNCONFIRMED;
  if (s.matches('signedIn')) {
    const { confirmed, defaultRoleId } = s.context;
    return {
      status: 'signedIn',
      role: confirmed && defaultRoleId !== null ? defaultRoleId : undefined,
      locked: selectIsLocked(s),
    };
  }
  return SIGNED_OUT;
}

function sameAccess(a: SessionAccess, b: SessionAccess): boolean {
  if (a.status !== b.status) return false;
  if (a.status !== 'signedIn' || b.status !== 'signedIn') return true;
  return a.role === b.role && a.locked === b.locked;
}

/**
 * The session before its actor has started (src/lib/session/current.ts), read from storage: a stored session
 * is `pending` (the actor is on its way and will confirm it; a signed-in visitor of /login never sees the
 * form), none is `signedOut`, as the machine's first snapshot would say.
 */
export function accessBeforeStart(): SessionAccess {
  if (peekSessionActor()) return PENDING;
  return parseStoredSession(readStoredValues()) === null ? SIGNED_OUT : PENDING;
}

let lastAccess: SessionAccess = PENDING;
/** `selectSessionAccess`, the same object while the access is the same (a `useSyncExternalStore` snapshot). */
function selectSameAccess(s: Snapshot): SessionAccess {
  const next = selectSessionAccess(s);
  if (!sameAccess(next, lastAccess)) lastAccess = next;
  return lastAccess;
}

export function useSessionAccess(): SessionAccess {
  return useSessionSelector(selectSameAccess, accessBeforeStart);
}

export function useCanLock(): boolean {
  return useSessionSelector(selectCanLock, false);
}

/** Asks the server again after a failed confirmation (offline, server error). */
export function retryConfirmation(): void {
  withSession((session) => session.send({ type: 'session.retry' }));
}
