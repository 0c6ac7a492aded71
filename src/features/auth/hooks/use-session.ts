import { useActorEvents } from '@/components/actor-bridges';
import { selectIsSigningIn, selectIsUnlocking, useSessionActor, type SessionSnapshot } from '@/lib/session/light';
import type { SessionEmitted } from '@machines/session/session.types';

type Snapshot = SessionSnapshot;

export { selectIsSigningIn, selectIsUnlocking };
/** What the login page tells a visitor who signed out (i18n key), or null. */
export const selectSignOutNotice = (s: Snapshot) => (s.matches('signedOut') ? s.context.notice : null);
/** Sign-ins refused as too many: when the server checks a password again (epoch ms), or null. */
export const selectSignInRetryAt = (s: Snapshot) => (s.matches({ signedOut: 'throttled' }) ? s.context.signInRetryAt : null);
/** The provider's end-session page could not be reached: its error text, or null. */
export const selectProviderSignOutError = (s: Snapshot) =>
  s.matches('signedOut') && s.context.error === 'auth.providerSignOutFailed' ? (s.context.errorMessage ?? '') : null;
/** The browser is on its way to the provider's end-session page. */
export const selectIsEndingProviderSession = (s: Snapshot) => s.matches({ signingOut: 'endingProviderSession' });

type Handlers = { [K in SessionEmitted['type']]?: (event: Extract<SessionEmitted, { type: K }>) => void };

/** Listens to what the session machine announces while the component is mounted (from when its actor has started). */
export function useSessionEvents(handlers: Handlers): void {
  useActorEvents(useSessionActor(), handlers);
}
