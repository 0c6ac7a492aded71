/**
 * The session, as the rest of the app sees it: the signed-in user, commands for the user menu,
 * and the session actor for the auth screens. Backed by the session machine (machines/session).
 */
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import type { SessionUser } from '@machines/session/stored-session';
import { clearSessionStorage } from '../auth-storage';
import type { OidcSettings } from './oidc-settings';
import { getSessionActor } from './service';

export type ActiveUser = SessionUser;
export { getSessionActor, installSessionActor, preloadSessionCalls, restartSession, createSessionActor, type SessionActor } from './service';
export { isInternalPath, landingPathFor, registerRouteAccess } from './landing';
export { takeLockedFrom } from './storage';
export {
  retryConfirmation,
  selectCanLock,
  selectIsActive,
  selectIsLocked,
  selectIsSignedIn,
  selectIsSignedOut,
  selectIsSigningIn,
  selectIsUnlocking,
  selectSessionAccess,
  useCanLock,
  useSessionAccess,
  type SessionAccess,
} from './access';
export { oidcSettings, type OidcSettings } from './oidc-settings';

/**
 * Sends the visitor to the identity provider. Its code (src/lib/session/oidc.ts, then oidc-client-ts) loads
 * on the click, not with the entry; the login page fetches it ahead once painted (`preloadOidc`).
 */
export async function startOidcSignIn(settings: OidcSettings, to: string | null): Promise<void> {
  return (await import('./oidc')).startOidcSignIn(settings, to);
}

/** Fetches the identity provider's code in the background (a provider is configured and the page is painted). */
export function preloadOidc(): void {
  import('./oidc').catch(() => undefined);
}

/** The signed-in user's record once the server has confirmed it in this tab, or null. */
export function useSessionUser(): ActiveUser | null {
  return useSelector(getSessionActor(), (s) => (s.context.confirmed && !s.matches('signedOut') ? s.context.user : null));
}

/** Commands the layout's user menu sends. */
export const sessionCommands = {
  /**
   * Signs out here and in every other tab. Where the visitor goes is the machine's word (`signedOut.to`,
   * the login page); a provider session then leaves for the provider's end-session page, which comes back there.
   */
  logout(): void {
    const actor = getSessionActor();
    const sub = actor.on('signedOut', ({ to }) => navigate(to, { replace: true }));
    actor.send({ type: 'session.logout' });
    sub.unsubscribe();
  },
  /** Shows the lock screen; the password brings the visitor back to this page. */
  lock(): void {
    getSessionActor().send({ type: 'session.lock' });
  },
  /** The user saved their own profile: the header and the stored userInfo follow at once. */
  updateUser(patch: Partial<Pick<ActiveUser, 'displayName' | 'about' | 'photoURL'>>): void {
    getSessionActor().send({ type: 'session.user.update', patch });
  },
};

let demoReset: (() => Promise<void>) | null = null;

/** Registered by the app when the embedded backend runs (demo mode). */
export function registerDemoDataReset(reset: () => Promise<void>): void {
  demoReset = reset;
}

export function isDemoDataResettable(): boolean {
  return demoReset !== null;
}

/** Reseeds the embedded backend (demo mode only), signs out and reloads on the login page. */
export async function resetDemoData(): Promise<void> {
  if (!demoReset) return;
  await demoReset();
  clearSessionStorage();
  globalThis.location?.assign('/login');
}
