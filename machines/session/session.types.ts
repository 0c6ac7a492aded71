/** The session machine's protocol: what its actors take and answer, its context, events and announcements. */
import type { SessionData, SessionUser, StoredValues } from './stored-session';

export interface Credentials {
  username: string;
  password: string;
}

export interface RefreshedToken {
  accessToken: string;
  /** Epoch milliseconds: the access token's expiry. */
  tokenExpiry: number;
  /** Provider sessions: the new ID token's expiry (epoch ms). */
  idTokenExpiry?: number;
}

/** What the identity provider's renewal answers (refresh token with rotation, or `prompt=none`). */
export interface ProviderToken {
  accessToken: string;
  /** Epoch milliseconds. */
  tokenExpiry: number;
  /** Epoch milliseconds. */
  idTokenExpiry: number;
}

/** Why the provider is asked for a new token: restoring at start, before expiry, or after a 401. */
export type RenewalReason = 'start' | 'expiring' | 'unauthorized';

export interface ProviderRenewalInput {
  accessToken: string;
  reason: RenewalReason;
}

/** The server's own record of the signed-in user and role (`GET /api/me`, or a successful unlock). */
export interface ConfirmedUser {
  user: SessionUser;
  defaultRoleId: 1 | 2 | 3 | 4;
  roles: number[];
}

/** What `fetchMe` yields: the confirmed user, and a new token when the stored one had to be refreshed first. */
export interface ConfirmedSession extends ConfirmedUser {
  token?: RefreshedToken;
}

/** `refresh`: a backend session may exchange an expired token first; a provider session never does. */
export interface FetchMeInput {
  accessToken: string;
  refresh: boolean;
}

/** `POST /api/auth/logout` with the session's token (backend revoke; a provider's token is a no-op there). */
export interface LogoutInput {
  accessToken: string | null;
}

/** Where the app shows the visitor after signing out (the machine decides; the app navigates). */
export const SIGNED_OUT_PATH = '/login';

export interface SessionContext {
  accessToken: string | null;
  sessionKey: string | null;
  /** Epoch milliseconds: the access token's expiry. */
  tokenExpiry: number | null;
  /** Epoch milliseconds: the provider's ID token expiry; null for a session of the embedded backend. */
  idTokenExpiry: number | null;
  user: SessionUser | null;
  defaultRoleId: 1 | 2 | 3 | 4 | null;
  roles: number[];
  /** i18n key of the last failure, e.g. `auth.loginFailed`. */
  error: string | null;
  /** The server's message (or the provider's error name) for the last failure, shown as-is. */
  errorMessage: string | null;
  /** i18n key of what the signed-out page tells the visitor, e.g. `auth.signedOut` after a sign-out. */
  notice: string | null;
  /**
   * True once the server has vouched for `user` and `defaultRoleId` in this tab: a sign-in answer,
   * `GET /api/me`, or an unlock answer. A role read from storage or from another tab is not trusted
   * until then, and nothing role-gated renders (docs/auth.md, "Whose role?").
   */
  confirmed: boolean;
  idleMs: number;
  /**
   * Epoch milliseconds: when the server checks a password again after refusing sign-ins as too many (429), while
   * `signedOut.throttled` waits for it; else null.
   */
  signInRetryAt: number | null;
  /** The raw storage values given at start; read once by `restoring`, then dropped. */
  stored: StoredValues | null;
}

export interface SessionInput {
  stored: StoredValues;
  /** Idle time before the session locks itself; 0 disables. */
  idleMs?: number;
  /** The page came back from the identity provider's end-session page (this tab signed out there). */
  signedOutAtProvider?: boolean;
}

export type UserPatch = Partial<Pick<SessionUser, 'displayName' | 'about' | 'photoURL'>>;

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.lock' }
  | { type: 'session.unlock'; password: string }
  /** From the `activity` actor: the user did something, the idle timer starts again. */
  | { type: 'session.activity' }
  /** From the `requests` actor: a request failed with 401 carrying `failedToken`, and waits. */
  | { type: 'session.unauthorized'; failedToken: string }
  /** From the `requests` actor: a request got 423 `session_locked`: the server holds this session locked. */
  | { type: 'session.server.locked' }
  /** The identity provider's redirect completed (/callback): its tokens, ID-token expiry and claims. */
  | { type: 'session.provider.signedIn'; session: SessionData }
  /** The identity provider's redirect failed (`error` is the error name, e.g. `access_denied`). */
  | { type: 'session.provider.failed'; error: string }
  // From the `tabs` actor: what another tab did.
  | { type: 'session.remote.signedIn'; session: SessionData }
  | { type: 'session.remote.signedOut' }
  | { type: 'session.remote.tokenRefreshed'; token: RefreshedToken }
  | { type: 'session.remote.locked' }
  | { type: 'session.remote.unlocked' }
  /** Try confirming the restored session again after a failure (network, server error). */
  | { type: 'session.retry' }
  /** The user changed their own profile: the header and the stored userInfo follow at once. */
  | { type: 'session.user.update'; patch: UserPatch };

/** Why a session ended without the user signing out. */
export type SessionEndReason = 'expired' | 'renewalFailed';

/** What the machine announces to the app (views show toasts and navigate on these). */
export type SessionEmitted =
  | { type: 'signedIn'; user: SessionUser; defaultRoleId: 1 | 2 | 3 | 4 }
  | { type: 'loginFailed'; message: string }
  | { type: 'alreadySignedIn' }
  | { type: 'sessionExpired'; reason: SessionEndReason }
  | { type: 'providerSignInRefused' }
  | { type: 'providerSignInFailed'; error: string }
  | { type: 'unlocked' }
  | { type: 'unlockFailed'; message: string }
  /**
   * The user signed out: the app shows `to` at once (the session is gone locally). For a provider
   * session (`endsProviderSession`) the machine then sends the browser to the provider's end-session
   * page, which returns to `to`.
   */
  | { type: 'signedOut'; to: string; endsProviderSession: boolean }
  /** The provider's session could not be ended (its end-session page could not be reached). */
  | { type: 'providerSignOutFailed'; message: string };
