import { assign, emit, fromCallback, fromPromise, raise, sendTo, setup, type EventObject } from 'xstate';
import {
  hasAnyStoredValue,
  parseStoredSession,
  type SessionData,
  type SessionUser,
  type StoredValues,
} from './stored-session';

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

/** The HTTP status an actor's error carries (`ApiError.status` in the app), if any. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The server refused the call because the session is locked (423 `session_locked`). */
export const LOCKED_STATUS = 423;

/** The rejection every queued request gets when the session ends before a new token arrives. */
export class SessionExpiredError extends Error {
  constructor(message = 'Session expired') {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** The rejection queued requests get when the server says the session is locked. */
export class SessionLockedError extends Error {
  constructor(message = 'Session locked') {
    super(message);
    this.name = 'SessionLockedError';
  }
}

/** Messages between the tabs of this browser (BroadcastChannel, with storage events as a backstop). */
export type TabMessage =
  | { type: 'signedIn'; session: SessionData }
  | { type: 'signedOut' }
  | { type: 'tokenRefreshed'; token: RefreshedToken }
  | { type: 'locked' }
  | { type: 'unlocked' };

/** What the machine tells its `tabs` actor (`tabSync`): post this to the other tabs (null: nothing to post). */
export interface TabPost {
  type: 'tabs.post';
  message: TabMessage | null;
}

/**
 * What the machine tells its `requests` actor (`requestQueue`), which holds the requests that got a
 * 401 (outside the machine's context, so a snapshot stays plain data):
 * - `requests.retry`: retry every waiting request with this token;
 * - `requests.retryStale`: retry only those whose failed token is not this one (they failed with a
 *   token that has been replaced since); the others keep waiting for the renewal;
 * - `requests.reject`: fail every waiting request, the session ended (`expired`) or is locked.
 */
export type RequestQueueCommand =
  | { type: 'requests.retry'; token: string }
  | { type: 'requests.retryStale'; token: string }
  | { type: 'requests.reject'; reason: 'expired' | 'locked' };

/** Another tab's message as the machine's event (what the app's `tabSync` actor sends back). */
export function eventOfTabMessage(message: TabMessage): SessionEvent {
  switch (message.type) {
    case 'signedIn':
      return { type: 'session.remote.signedIn', session: message.session };
    case 'signedOut':
      return { type: 'session.remote.signedOut' };
    case 'tokenRefreshed':
      return { type: 'session.remote.tokenRefreshed', token: message.token };
    case 'locked':
      return { type: 'session.remote.locked' };
    case 'unlocked':
      return { type: 'session.remote.unlocked' };
  }
}

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

const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session actor "${name}" not provided`);
  });

/** A callback actor the app provides; without one the machine simply hears nothing from it. */
const silent = <TReceived extends EventObject>() => fromCallback<TReceived>(() => undefined);

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const EMPTY_SESSION = {
  accessToken: null,
  sessionKey: null,
  tokenExpiry: null,
  idTokenExpiry: null,
  user: null,
  defaultRoleId: null,
  roles: [],
} satisfies Partial<SessionContext>;

const fromConfirmed = (confirmed: ConfirmedUser) => ({
  user: confirmed.user,
  defaultRoleId: confirmed.defaultRoleId,
  roles: confirmed.roles,
  confirmed: true,
});

const fromSession = (session: SessionData) => ({
  accessToken: session.accessToken,
  sessionKey: session.sessionKey,
  tokenExpiry: session.tokenExpiry,
  idTokenExpiry: session.idTokenExpiry ?? null,
  user: session.user,
  defaultRoleId: session.defaultRoleId,
  roles: session.roles,
});

const fromToken = (context: SessionContext, token: RefreshedToken) => ({
  accessToken: token.accessToken,
  tokenExpiry: token.tokenExpiry,
  idTokenExpiry: token.idTokenExpiry ?? context.idTokenExpiry,
});

function tokenMessageOf(context: SessionContext): TabMessage | null {
  if (!context.accessToken || context.tokenExpiry === null) return null;
  const token: RefreshedToken = {
    accessToken: context.accessToken,
    tokenExpiry: context.tokenExpiry,
    ...(context.idTokenExpiry === null ? {} : { idTokenExpiry: context.idTokenExpiry }),
  };
  return { type: 'tokenRefreshed', token };
}

/** The session as the app stores it, rebuilt from the machine's context. */
export function sessionOf(context: SessionContext): SessionData | null {
  const { accessToken, sessionKey, tokenExpiry, idTokenExpiry, user, defaultRoleId, roles } = context;
  if (!accessToken || !sessionKey || tokenExpiry === null || !user || defaultRoleId === null) return null;
  return { accessToken, sessionKey, tokenExpiry, user, defaultRoleId, roles, ...(idTokenExpiry === null ? {} : { idTokenExpiry }) };
}

export const DEFAULT_IDLE_MS = 15 * 60 * 1000;

/** A provider token is renewed this long before it expires (half its remaining life when shorter). */
export const RENEWAL_LEAD_MS = 60_000;

/** setTimeout's longest delay; a longer one would fire at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

/** Milliseconds until a token expiring at `expiry` is renewed: a minute before, or half-way for a short one. */
export function renewalDelayMs(expiry: number, now: number): number {
  const remaining = expiry - now;
  if (remaining <= 0) return 0;
  return Math.min(MAX_DELAY_MS, remaining > 2 * RENEWAL_LEAD_MS ? remaining - RENEWAL_LEAD_MS : Math.floor(remaining / 2));
}

/** Milliseconds until the token expires (at most setTimeout's longest delay: a far expiry is entered early, harmlessly). */
export function expiryDelayMs(expiry: number, now: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, expiry - now));
}

/**
 * The session statechart (docs/auth.md, generated chart in docs/statecharts/session.md): restore →
 * confirm with the server → signed in, where two parallel regions run side by side: `access` (active,
 * locked) and `token` (valid, refreshing, renewingSilently, expired). A lock or unlock during a token
 * renewal is therefore never lost. Whether the session came from the embedded backend or from the
 * identity provider is the guard `isProviderSession`.
 *
 * The app provides every side effect: HTTP calls and the provider's renewal as promise actors, the
 * tab-to-tab messages (`tabSync`), the queue of requests waiting for a token (`requestQueue`) and the
 * activity watch (`activityWatch`) as callback actors, storage as actions. Tests provide fakes.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    login: notProvided<SessionData, Credentials>('login'),
    /** Embedded backend: `POST /api/auth/refresh-token`. */
    refreshToken: notProvided<RefreshedToken, { accessToken: string }>('refreshToken'),
    /** Identity provider: a new token (refresh token or `prompt=none`), serialised across tabs. */
    renewProvider: notProvided<ProviderToken, ProviderRenewalInput>('renewProvider'),
    logout: notProvided<null, LogoutInput>('logout'),
    /**
     * Identity provider: revokes its refresh token, forgets its user and every `oidc.*` key, and sends the
     * browser to its end-session page (which returns to /login). Settles only if the page did not leave.
     */
    endProviderSession: notProvided<null, undefined>('endProviderSession'),
    /** Checks the password on the server and lifts its lock; answers the server's record of the user (or null). */
    unlock: notProvided<ConfirmedUser | null, { accessToken: string | null; password: string }>('unlock'),
    /** Tells the server the session is locked, so it refuses the session's calls until unlock. */
    lock: notProvided<null, { accessToken: string | null }>('lock'),
    /** `GET /api/me`: who the server says the token belongs to (refreshing an expired backend token first). */
    fetchMe: notProvided<ConfirmedSession, FetchMeInput>('fetchMe'),
    /** Posts `tabs.post` messages to the other tabs and sends their messages back as `session.remote.*`. */
    tabSync: silent<TabPost>(),
    /** Holds the requests that got a 401; sends `session.unauthorized` / `session.server.locked`. */
    requestQueue: silent<RequestQueueCommand>(),
    /** Sends `session.activity` when the user does something (throttled). */
    activityWatch: silent<EventObject>(),
  },
  actions: {
    // Storage: the app provides these; tests spy on them.
    persistSession: (_: { context: SessionContext }) => undefined,
    clearStoredSession: () => undefined,
    persistLock: () => undefined,
    /** Only the page to come back to (this tab): a lock the server reported is neither stored nor shared. */
    rememberLockedPage: () => undefined,
    clearLock: () => undefined,
    // Tab-to-tab messages, through the invoked `tabs` actor.
    broadcastSignedIn: sendTo('tabs', ({ context }): TabPost => {
      const session = sessionOf(context);
      return { type: 'tabs.post', message: session ? { type: 'signedIn', session } : null };
    }),
    broadcastTokenRefreshed: sendTo('tabs', ({ context }): TabPost => ({ type: 'tabs.post', message: tokenMessageOf(context) })),
    broadcastSignedOut: sendTo('tabs', { type: 'tabs.post', message: { type: 'signedOut' } } satisfies TabPost),
    broadcastLocked: sendTo('tabs', { type: 'tabs.post', message: { type: 'locked' } } satisfies TabPost),
    broadcastUnlocked: sendTo('tabs', { type: 'tabs.post', message: { type: 'unlocked' } } satisfies TabPost),
    // The waiting requests, through the invoked `requests` actor.
    retryQueue: sendTo(
      'requests',
      ({ context }): RequestQueueCommand =>
        context.accessToken ? { type: 'requests.retry', token: context.accessToken } : { type: 'requests.reject', reason: 'expired' },
    ),
    retryStale: sendTo('requests', ({ context }): RequestQueueCommand => ({ type: 'requests.retryStale', token: context.accessToken ?? '' })),
    rejectQueue: sendTo('requests', (_, params: { reason: 'expired' | 'locked' }) => ({ type: 'requests.reject' as const, reason: params.reason })),
    assignStored: assign(({ context }) => {
      const parsed = context.stored ? parseStoredSession(context.stored) : null;
      return parsed ? { ...fromSession(parsed.session), confirmed: false, stored: null } : { stored: null };
    }),
    /** A session that did not come from this tab's own server answer (storage, another tab): unconfirmed. */
    assignUnconfirmed: assign((_, params: { session: SessionData }) => ({ ...fromSession(params.session), confirmed: false, notice: null })),
    /** A session this tab's own sign-in (or the provider's redirect) yielded: confirmed. */
    assignSession: assign((_, params: { session: SessionData }) => ({ ...fromSession(params.session), confirmed: true, notice: null })),
    assignConfirmed: assign((_, params: { confirmed: ConfirmedSession }) => ({
      ...fromConfirmed(params.confirmed),
      ...(params.confirmed.token ? { accessToken: params.confirmed.token.accessToken, tokenExpiry: params.confirmed.token.tokenExpiry } : {}),
    })),
    assignToken: assign(({ context }, params: { token: RefreshedToken }) => fromToken(context, params.token)),
    assignFailure: assign((_, params: { error: string; message: string | null }) => ({ error: params.error, errorMessage: params.message })),
    dropStored: assign({ stored: null }),
    clearSessionContext: assign({ ...EMPTY_SESSION, confirmed: false }),
    clearError: assign({ error: null, errorMessage: null, notice: null }),
    assignNotice: assign((_, params: { notice: string }) => ({ notice: params.notice })),
    patchUser: assign(({ context }, params: { patch: UserPatch }) => ({
      user: context.user ? { ...context.user, ...params.patch } : context.user,
    })),
    announceEnd: emit((_, params: { reason: SessionEndReason }) => ({ type: 'sessionExpired' as const, reason: params.reason })),
  },
  guards: {
    isStoredSessionLocked: ({ context }) => context.stored !== null && parseStoredSession(context.stored)?.locked === true,
    isStoredProviderSession: ({ context }) =>
      context.stored !== null && parseStoredSession(context.stored)?.session.idTokenExpiry !== undefined,
    isStoredSessionValid: ({ context }) => context.stored !== null && parseStoredSession(context.stored) !== null,
    hasStoredValues: ({ context }) => context.stored !== null && hasAnyStoredValue(context.stored),
    /** The session came from the identity provider: its token is renewed there, never by the backend. */
    isProviderSession: ({ context }) => context.idTokenExpiry !== null,
    /** A 401 carrying a token that has already been replaced: retry with the current one, no new renewal. */
    isReplacedToken: ({ context, event }) =>
      event.type === 'session.unauthorized' && context.accessToken !== null && event.failedToken !== context.accessToken,
    /** The provider's redirect brought an ID token that has expired already: refused. */
    isIdTokenExpired: (_, params: { session: SessionData }) =>
      params.session.idTokenExpiry === undefined || params.session.idTokenExpiry <= Date.now(),
    /** Locking needs a password to unlock with: sessions of the embedded backend only. */
    canLock: ({ context }) => context.idTokenExpiry === null,
    /** Idle locking is on (idleMs > 0) and the session can be locked. */
    canIdleLock: ({ context }) => context.idleMs > 0 && context.idTokenExpiry === null,
    isConfirmed: ({ context }) => context.confirmed,
    /** Confirmed before the lock, or the unlock answer carries the server's record of the user. */
    hasConfirmedUser: ({ context }, params: { answer: ConfirmedUser | null }) => context.confirmed || params.answer !== null,
    /** The server answered 423: the session is locked there. */
    isLockedError: (_, params: { error: unknown }) => statusOf(params.error) === LOCKED_STATUS,
    /** The server does not know the token (or no longer): the session is over. */
    isUnauthorizedError: (_, params: { error: unknown }) => statusOf(params.error) === 401,
  },
  delays: {
    idleTimeout: ({ context }) => context.idleMs,
    untilRenewal: ({ context }) => renewalDelayMs(context.tokenExpiry ?? 0, Date.now()),
    untilExpiry: ({ context }) => expiryDelayMs(context.tokenExpiry ?? 0, Date.now()),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...EMPTY_SESSION,
    error: null,
    errorMessage: null,
    notice: input.signedOutAtProvider === true ? 'auth.signedOutAtProvider' : null,
    confirmed: false,
    idleMs: input.idleMs ?? DEFAULT_IDLE_MS,
    stored: input.stored,
  }),
  invoke: [
    { id: 'tabs', src: 'tabSync' },
    { id: 'requests', src: 'requestQueue' },
  ],
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        // Locked: no call but unlock may reach the server; the unlock answer confirms the user.
        { guard: 'isStoredSessionLocked', target: 'signedIn.access.locked', actions: ['assignStored', 'persistLock'] },
        // A provider session is renewed at start (an expired one is never restored), then confirmed.
        { guard: 'isStoredProviderSession', target: 'confirming.renewing', actions: 'assignStored' },
        // Storage can be edited by anyone at this keyboard: the server confirms user and role first.
        { guard: 'isStoredSessionValid', target: 'confirming', actions: 'assignStored' },
        // Something is stored but it does not hold together: clear it all and start signed out.
        { guard: 'hasStoredValues', target: 'signedOut', actions: ['clearStoredSession', 'dropStored'] },
        { target: 'signedOut', actions: 'dropStored' },
      ],
    },
    /**
     * A restored (or another tab's) session waits here for the server's word on who it is. Nothing
     * role-gated renders meanwhile; the server's user and role replace what storage claimed.
     */
    confirming: {
      initial: 'asking',
      states: {
        /** A restored provider session: a fresh token from the provider first (retried once). */
        renewing: {
          initial: 'attempt',
          states: {
            attempt: {
              invoke: {
                id: 'startRenewal',
                src: 'renewProvider',
                input: ({ context }) => ({ accessToken: context.accessToken ?? '', reason: 'start' as const }),
                onDone: {
                  target: '#session.confirming.asking',
                  actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.output }) }, 'persistSession'],
                },
                onError: 'retry',
              },
            },
            retry: {
              invoke: {
                id: 'startRenewalRetry',
                src: 'renewProvider',
                input: ({ context }) => ({ accessToken: context.accessToken ?? '', reason: 'start' as const }),
                onDone: {
                  target: '#session.confirming.asking',
                  actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.output }) }, 'persistSession'],
                },
                onError: {
                  target: '#session.signedOut',
                  actions: [
                    { type: 'assignFailure', params: { error: 'auth.renewalFailed', message: null } },
                    { type: 'rejectQueue', params: { reason: 'expired' } },
                    'clearStoredSession',
                    'broadcastSignedOut',
                    { type: 'announceEnd', params: { reason: 'renewalFailed' } },
                  ],
                },
              },
            },
          },
        },
        asking: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            input: ({ context }) => ({ accessToken: context.accessToken ?? '', refresh: context.idTokenExpiry === null }),
            onDone: {
              target: '#session.signedIn',
              actions: [{ type: 'assignConfirmed', params: ({ event }) => ({ confirmed: event.output }) }, 'persistSession', 'retryQueue'],
            },
            onError: [
              {
                guard: { type: 'isLockedError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedIn.access.locked',
                actions: ['rememberLockedPage', { type: 'rejectQueue', params: { reason: 'locked' } }],
              },
              {
                guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signedOut',
                actions: [
                  { type: 'assignFailure', params: { error: 'auth.sessionExpired', message: null } },
                  { type: 'rejectQueue', params: { reason: 'expired' } },
                  'clearStoredSession',
                  'broadcastSignedOut',
                  { type: 'announceEnd', params: { reason: 'expired' } },
                ],
              },
              {
                target: '#session.confirmFailed',
                actions: [
                  {
                    type: 'assignFailure',
                    params: ({ event }) => ({ error: 'auth.confirmFailed', message: messageOf(event.error, 'Network error') }),
                  },
                  { type: 'rejectQueue', params: { reason: 'expired' } },
                ],
              },
            ],
          },
        },
      },
      on: {
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        // Waiting requests stay in the queue until the answer; a replaced token is retried at once.
        'session.unauthorized': { guard: 'isReplacedToken', actions: 'retryStale' },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          reenter: true,
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
        'session.remote.locked': { target: 'signedIn.access.locked', actions: 'persistLock' },
        'session.server.locked': { target: 'signedIn.access.locked', actions: 'rememberLockedPage' },
      },
    },
    /** The server could not be asked (offline, 5xx): nothing role-gated shows; retry or sign out. */
    confirmFailed: {
      on: {
        'session.retry': { target: 'confirming', actions: 'clearError' },
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        'session.unauthorized': { actions: { type: 'rejectQueue', params: { reason: 'expired' } } },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
      },
    },
    signedOut: {
      entry: [{ type: 'rejectQueue', params: { reason: 'expired' } }, 'clearSessionContext'],
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
        'session.unauthorized': { actions: { type: 'rejectQueue', params: { reason: 'expired' } } },
        // Another tab signed in: its message is no proof of the role, the server confirms it here too.
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.provider.signedIn': [
          {
            guard: { type: 'isIdTokenExpired', params: ({ event }) => ({ session: event.session }) },
            actions: [
              { type: 'assignFailure', params: { error: 'auth.providerTokenExpired', message: null } },
              emit({ type: 'providerSignInRefused' as const }),
            ],
          },
          // The provider says who signed in, the server says which role: confirmed like a restored session.
          {
            target: 'confirming',
            actions: [
              { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
              'clearError',
              'persistSession',
              'broadcastSignedIn',
              emit(({ event }) => ({ type: 'signedIn' as const, user: event.session.user, defaultRoleId: event.session.defaultRoleId })),
            ],
          },
        ],
        'session.provider.failed': {
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: 'auth.providerFailed', message: event.error }) },
            emit(({ event }) => ({ type: 'providerSignInFailed' as const, error: event.error })),
          ],
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'session.login' ? { username: event.username, password: event.password } : { username: '', password: '' },
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
            'persistSession',
            'broadcastSignedIn',
            emit(({ event }) => ({ type: 'signedIn' as const, user: event.output.user, defaultRoleId: event.output.defaultRoleId })),
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: 'auth.loginFailed', message: messageOf(event.error, 'Login failed') }) },
            emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error, 'Login failed') })),
          ],
        },
      },
      on: {
        'session.logout': 'signedOut',
        'session.unauthorized': { actions: { type: 'rejectQueue', params: { reason: 'expired' } } },
      },
    },
    signedIn: {
      type: 'parallel',
      invoke: { id: 'activity', src: 'activityWatch' },
      on: {
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.user.update': { actions: [{ type: 'patchUser', params: ({ event }) => ({ patch: event.patch }) }, 'persistSession'] },
      },
      states: {
        /** Whether the screen is usable: active, or locked until the password is given again. */
        access: {
          initial: 'active',
          states: {
            active: {
              after: {
                idleTimeout: { guard: 'canIdleLock', target: 'locked.locking', actions: ['persistLock', 'broadcastLocked'] },
              },
              on: {
                'session.activity': { target: 'active', reenter: true },
                // A provider session has no password here to unlock with: it is never locked by this app.
                'session.lock': { guard: 'canLock', target: 'locked.locking', actions: ['persistLock', 'broadcastLocked'] },
                // The tab that locked has told the server already.
                'session.remote.locked': { target: 'locked', actions: 'persistLock' },
                // The server holds the session locked (locked elsewhere, or this tab missed it).
                'session.server.locked': { target: 'locked', actions: 'rememberLockedPage' },
              },
            },
            locked: {
              // Unlocked in another tab: continue here too (after the server's word on a restored session).
              on: {
                'session.remote.unlocked': [
                  { guard: 'isConfirmed', target: 'active', actions: emit({ type: 'unlocked' as const }) },
                  { target: '#session.confirming', actions: emit({ type: 'unlocked' as const }) },
                ],
              },
              initial: 'idle',
              states: {
                /** Telling the server: from its answer on, the token gets 423 for everything but unlock and sign-out. */
                locking: {
                  invoke: {
                    id: 'lock',
                    src: 'lock',
                    input: ({ context }) => ({ accessToken: context.accessToken }),
                    onDone: 'idle',
                    // Best effort (offline): the screen stays locked, and unlock checks the password either way.
                    onError: 'idle',
                  },
                  // A quick password need not wait: the app's unlock call waits for the lock call already sent.
                  on: { 'session.unlock': { target: 'unlocking', actions: 'clearError' } },
                },
                idle: {
                  on: { 'session.unlock': { target: 'unlocking', actions: 'clearError' } },
                },
                unlocking: {
                  invoke: {
                    id: 'unlock',
                    src: 'unlock',
                    input: ({ context, event }) => ({
                      accessToken: context.accessToken,
                      password: event.type === 'session.unlock' ? event.password : '',
                    }),
                    onDone: [
                      {
                        guard: { type: 'hasConfirmedUser', params: ({ event }) => ({ answer: event.output }) },
                        target: '#session.signedIn.access.active',
                        actions: [
                          assign(({ event }) => (event.output ? fromConfirmed(event.output) : {})),
                          'persistSession',
                          'clearLock',
                          'broadcastUnlocked',
                          emit({ type: 'unlocked' as const }),
                        ],
                      },
                      // A server that answers no record: confirm the restored session before showing anything.
                      { target: '#session.confirming', actions: ['clearLock', 'broadcastUnlocked', emit({ type: 'unlocked' as const })] },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        {
                          type: 'assignFailure',
                          params: ({ event }) => ({ error: 'auth.unlockFailed', message: messageOf(event.error, 'Wrong password') }),
                        },
                        emit(({ event }) => ({ type: 'unlockFailed' as const, message: messageOf(event.error, 'Wrong password') })),
                      ],
                    },
                  },
                },
              },
            },
          },
        },
        /**
         * The access token: valid until it expires; one backend refresh or provider renewal for any number
         * of 401s (the requests wait in the `requests` actor's queue).
         */
        token: {
          initial: 'valid',
          states: {
            valid: {
              after: {
                // A provider token is renewed before it expires; a backend token at the next 401.
                untilRenewal: { guard: 'isProviderSession', target: 'renewingSilently' },
                untilExpiry: 'expired',
              },
              on: {
                'session.unauthorized': [
                  { guard: 'isReplacedToken', actions: 'retryStale' },
                  // Never /api/auth/refresh-token for the provider's token.
                  { guard: 'isProviderSession', target: 'renewingSilently' },
                  { target: 'refreshing' },
                ],
                'session.remote.tokenRefreshed': {
                  target: 'valid',
                  reenter: true,
                  actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
                },
              },
            },
            /** The token's lifetime has passed: a provider session renews at once, a backend one at the next 401. */
            expired: {
              always: { guard: 'isProviderSession', target: 'renewingSilently' },
              on: {
                'session.unauthorized': [{ guard: 'isReplacedToken', actions: 'retryStale' }, { target: 'refreshing' }],
                'session.remote.tokenRefreshed': {
                  target: 'valid',
                  actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
                },
              },
            },
            /** Embedded backend: one `POST /api/auth/refresh-token`. */
            refreshing: {
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
                    'persistSession',
                    'broadcastTokenRefreshed',
                    'retryQueue',
                  ],
                },
                onError: [
                  // Locked on the server (another tab, or a lock this tab missed): the lock screen, never a sign-out.
                  {
                    guard: { type: 'isLockedError', params: ({ event }) => ({ error: event.error }) },
                    target: 'valid',
                    actions: [{ type: 'rejectQueue', params: { reason: 'locked' } }, raise({ type: 'session.server.locked' })],
                  },
                  {
                    target: '#session.signedOut',
                    actions: [
                      { type: 'assignFailure', params: { error: 'auth.sessionExpired', message: null } },
                      { type: 'rejectQueue', params: { reason: 'expired' } },
                      'clearStoredSession',
                      'broadcastSignedOut',
                      { type: 'announceEnd', params: { reason: 'expired' } },
                    ],
                  },
                ],
              },
              on: {
                'session.unauthorized': { guard: 'isReplacedToken', actions: 'retryStale' },
                // Another tab refreshed first: its token serves the queue, this refresh is cancelled.
                'session.remote.tokenRefreshed': {
                  target: 'valid',
                  actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.token }) }, 'retryQueue'],
                },
              },
            },
            /** Identity provider: a new token without a page change; a failure is retried once, then the session ends. */
            renewingSilently: {
              initial: 'attempt',
              states: {
                attempt: {
                  invoke: {
                    id: 'renewal',
                    src: 'renewProvider',
                    input: ({ context, event }) => ({
                      accessToken: context.accessToken ?? '',
                      reason: event.type === 'session.unauthorized' ? ('unauthorized' as const) : ('expiring' as const),
                    }),
                    onDone: {
                      target: '#session.signedIn.token.valid',
                      actions: [
                        { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
                        'persistSession',
                        'broadcastTokenRefreshed',
                        'retryQueue',
                      ],
                    },
                    onError: 'retry',
                  },
                },
                retry: {
                  invoke: {
                    id: 'renewalRetry',
                    src: 'renewProvider',
                    input: ({ context }) => ({ accessToken: context.accessToken ?? '', reason: 'expiring' as const }),
                    onDone: {
                      target: '#session.signedIn.token.valid',
                      actions: [
                        { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
                        'persistSession',
                        'broadcastTokenRefreshed',
                        'retryQueue',
                      ],
                    },
                    onError: {
                      target: '#session.signedOut',
                      actions: [
                        { type: 'assignFailure', params: { error: 'auth.renewalFailed', message: null } },
                        { type: 'rejectQueue', params: { reason: 'expired' } },
                        'clearStoredSession',
                        'broadcastSignedOut',
                        { type: 'announceEnd', params: { reason: 'renewalFailed' } },
                      ],
                    },
                  },
                },
              },
              on: {
                'session.unauthorized': { guard: 'isReplacedToken', actions: 'retryStale' },
                // Another tab renewed first (they take turns through navigator.locks): adopt its token.
                'session.remote.tokenRefreshed': {
                  target: 'valid',
                  actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.token }) }, 'retryQueue'],
                },
              },
            },
          },
        },
      },
    },
    /**
     * Sign-out: the local session ends at once (storage, other tabs, waiting requests) and the app shows
     * /login (`signedOut` emitted); the server revokes the token (best effort); a provider session then
     * ends at the provider too (its end-session page, which comes back to /login).
     */
    signingOut: {
      entry: [
        { type: 'rejectQueue', params: { reason: 'expired' } },
        'clearStoredSession',
        'broadcastSignedOut',
        emit(({ context }) => ({ type: 'signedOut' as const, to: SIGNED_OUT_PATH, endsProviderSession: context.idTokenExpiry !== null })),
      ],
      initial: 'revoking',
      states: {
        revoking: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ accessToken: context.accessToken }),
            onDone: [
              { guard: 'isProviderSession', target: 'endingProviderSession' },
              { target: '#session.signedOut', actions: { type: 'assignNotice', params: { notice: 'auth.signedOut' } } },
            ],
            // Revoking is best effort: the local session is gone either way.
            onError: [
              { guard: 'isProviderSession', target: 'endingProviderSession' },
              { target: '#session.signedOut', actions: { type: 'assignNotice', params: { notice: 'auth.signedOut' } } },
            ],
          },
        },
        /** The browser leaves for the provider's end-session page; settling means it did not leave. */
        endingProviderSession: {
          invoke: {
            id: 'endProviderSession',
            src: 'endProviderSession',
            // The page came back without leaving (e.g. from the back-forward cache): signed out here.
            onDone: { target: '#session.signedOut', actions: { type: 'assignNotice', params: { notice: 'auth.signedOut' } } },
            onError: {
              target: '#session.signedOut',
              actions: [
                {
                  type: 'assignFailure',
                  params: ({ event }) => ({ error: 'auth.providerSignOutFailed', message: messageOf(event.error, 'Sign-out failed') }),
                },
                { type: 'assignNotice', params: { notice: 'auth.signedOut' } },
                emit(({ event }) => ({ type: 'providerSignOutFailed' as const, message: messageOf(event.error, 'Sign-out failed') })),
              ],
            },
          },
        },
      },
      on: {
        'session.unauthorized': { actions: { type: 'rejectQueue', params: { reason: 'expired' } } },
      },
    },
  },
});
