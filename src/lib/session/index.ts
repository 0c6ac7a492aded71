/**
 * The session, as the rest of the app sees it: the signed-in user, commands for the user menu,
 * and the session actor for the auth screens. Backed by the session machine (machines/session).
 * This index loads the session's code (./service) with it; the first screen's modules import the light
 * parts directly (./current, ./access, ./commands: docs/performance.md).
 */
export { getSessionActor, installSessionActor, preloadSessionCalls, restartSession, createSessionActor, type SessionActor } from './service';
export { isInternalPath, landingPathFor, RouteAccessContext, useLandingPath, type RouteAccess } from './landing';
export { takeLockedFrom } from './storage';
export {
  accessBeforeStart,
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
export { peekSessionActor, startSession, useSessionActor, useSessionSelector, withSession } from './current';
export {
  isDemoDataResettable,
  preloadOidc,
  registerDemoDataReset,
  resetDemoData,
  sessionCommands,
  startOidcSignIn,
  useSessionUser,
  type ActiveUser,
} from './commands';
