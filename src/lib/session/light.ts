/**
 * The session's parts that load without its machine, its actor or the identity provider's code, so the first
 * screen's modules, which import these, do not load them. Everything else imports `@/lib/session`, which adds
 * the actor itself. No other file of this folder is imported from outside it.
 */
export { isInternalPath, landingPathFor, RouteAccessContext, useLandingPath } from './landing';
export { takeLockedFrom } from './storage';
export {
  accessBeforeStart,
  retryConfirmation,
  selectIsActive,
  selectIsSignedOut,
  selectIsSigningIn,
  selectIsUnlocking,
  useCanLock,
  useSessionAccess,
  type SessionAccess,
} from './access';
export { oidcSettings, type OidcSettings } from './oidc-settings';
export {
  followSessionActor,
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
  preloadOidc,
  preloadSessionCalls,
  registerDemoDataReset,
  resetDemoData,
  sessionCommands,
  startOidcSignIn,
  useSessionUser,
} from './commands';
export type { SessionActor } from './service';
