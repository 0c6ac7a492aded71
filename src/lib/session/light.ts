/**
 * The session's parts that load without its machine, its actor or the identity provider's code: the first
 * screen's modules import these (docs/performance.md). Everything else imports `@/lib/session`, which adds
 * the actor itself. No other file of this folder is imported from outside it.
 */
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
export {
  peekSessionActor,
  sessionNeededAtStart,
  startSession,
  useSessionActor,
  useSessionSelector,
  withSession,
  type SessionSnapshot,
} from './current';
export {
  completeOidcSignIn,
  forgetPendingRequests,
  isDemoDataResettable,
  preloadOidc,
  preloadSessionCalls,
  registerDemoDataReset,
  resetDemoData,
  sessionCommands,
  startOidcSignIn,
  useSessionUser,
  type ActiveUser,
} from './commands';
export type { SessionActor } from './service';
