/**
 * What the rest of the app does with the session without loading the session's code first: the signed-in
 * user, the user menu's commands, the identity provider's sign-in, the demo reset. In the entry (the login
 * page uses them); a command sent before the actor has started waits for it (./current.ts).
 */
import { navigate } from 'wouter/use-browser-location';
import type { CompletedSignIn } from '@machines/session/identity-callback.machine';
import type { SessionUser } from '@machines/session/stored-session';
import { clearSessionStorage } from '../auth-storage';
import { useSessionSelector, withSession } from './current';
import type { OidcSettings } from './oidc-settings';

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

/** Completes the provider's redirect back to /callback (the provider's code loads with the call). */
export async function completeOidcSignIn(settings: OidcSettings, url: string): Promise<CompletedSignIn> {
  return (await import('./oidc')).completeOidcSignIn(settings, url);
}

/** Drops the provider's pending sign-in requests (after a refused callback). */
export async function forgetPendingRequests(): Promise<void> {
  (await import('./oidc')).forgetPendingRequests();
}

/** Fetches the session's HTTP calls in the background (once the first screen is painted). */
export async function preloadSessionCalls(): Promise<void> {
  (await import('./service')).preloadSessionCalls();
}

/** The signed-in user's record once the server has confirmed it in this tab, or null. */
export function useSessionUser(): SessionUser | null {
  return useSessionSelector((s) => (s.context.confirmed && !s.matches('signedOut') ? s.context.user : null), null);
}

/** Commands the layout's user menu sends. */
export const sessionCommands = {
  /**
   * Signs out here and in every other tab. Where the visitor goes is the machine's word (`signedOut.to`,
   * the login page); a provider session then leaves for the provider's end-session page, which comes back there.
   */
  logout(): void {
    withSession((actor) => {
      const sub = actor.on('signedOut', ({ to }) => navigate(to, { replace: true }));
      actor.send({ type: 'session.logout' });
      sub.unsubscribe();
    });
  },
  /** Shows the lock screen; the password brings the visitor back to this page. */
  lock(): void {
    withSession((actor) => actor.send({ type: 'session.lock' }));
  },
  /** The user saved their own profile: the header and the stored userInfo follow at once. */
  updateUser(patch: Partial<Pick<SessionUser, 'displayName' | 'about' | 'photoURL'>>): void {
    withSession((actor) => actor.send({ type: 'session.user.update', patch }));
  },
};

let demoReset: (() => Promise<void>) | null = null;

/** Registered by the app when the embedded backend runs (demo mode). */
export function registerDemoDataReset(reset: () => Promise<void>): void {
  demoReset = reset;
}

/** Reseeds the embedded backend (demo mode only), signs out and reloads on the login page. */
export async function resetDemoData(): Promise<void> {
  if (!demoReset) return;
  await demoReset();
  clearSessionStorage();
  globalThis.location?.assign('/login');
}
