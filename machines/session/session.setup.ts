import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { expiryDelayMs, renewalDelayMs } from './delays';
import {
  liveEventsMachine,
  type FetchRecentInput,
  type LiveEventsEvent,
  type OpenStreamInput,
  type RecentEvents,
} from '../live/live-events.machine';
import type { RequestQueueCommand } from './request-queue';
import { EMPTY_SESSION, fromConfirmed, fromSession, fromToken, sessionOf } from './session-context';
import { LOCKED_STATUS, messageOf, signInWaitOf, statusOf } from './session.errors';
import type {
  ConfirmedSession,
  ConfirmedUser,
  Credentials,
  FetchMeInput,
  LogoutInput,
  ProviderRenewalInput,
  ProviderToken,
  RefreshedToken,
  SessionContext,
  SessionEmitted,
  SessionEndReason,
  SessionEvent,
  SessionInput,
  UserPatch,
} from './session.types';
import { hasAnyStoredValue, parseStoredSession, type SessionData } from './stored-session';
import { tokenMessageOf, type TabPost } from './tab-protocol';

/** Whose the live cursor is: the person and the sign-in, so a later sign-in, even the same person's, starts from now. */
export const liveOwnerOf = (context: Pick<SessionContext, 'user' | 'sessionKey'>): string =>
  `${context.user?.uid ?? ''}:${context.sessionKey ?? ''}`;

const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session actor "${name}" not provided`);
  });

/** A callback actor the app provides; without one the machine simply hears nothing from it. */
const silent = <TReceived extends EventObject>() => fromCallback<TReceived>(() => undefined);

/** What the signed-out page says after a session ended by itself. */
const END_ERRORS: Record<SessionEndReason, string> = { expired: 'auth.sessionExpired', renewalFailed: 'auth.renewalFailed' };

/**
 * The session machine's implementations by name (session.machine.ts holds its states): placeholders for
 * the actors the app provides, the actions, guards and delays.
 */
const base = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    // Typed so the app reads the live connection's own snapshot (its status) from `children.live`.
    children: {} as { live: 'liveEvents' },
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
    /**
     * The live connection (machines/live/live-events.machine.ts with the app's transports), a child of `signedIn`:
     * started on sign-in, paused while locked, stopped (its stream closed) on sign-out. Screens reach it as the
     * session's child `live`.
     */
    liveEvents: liveEventsMachine.provide({
      actors: {
        openStream: fromCallback<EventObject, OpenStreamInput>(() => undefined),
        fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
      },
    }),
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
    // The live connection, through the invoked `live` actor: the cursor is kept while locked, for the same sign-in.
    pauseLive: sendTo('live', { type: 'live.pause' } satisfies LiveEventsEvent),
    resumeLive: sendTo('live', ({ context }): LiveEventsEvent => ({ type: 'live.resume', owner: liveOwnerOf(context) })),
    // The waiting requests, through the invoked `requests` actor.
    retryQueue: sendTo('requests', ({ context }): RequestQueueCommand =>
      context.accessToken ? { type: 'requests.retry', token: context.accessToken } : { type: 'requests.reject', reason: 'expired' },
    ),
    retryStale: sendTo('requests', ({ context }): RequestQueueCommand => ({
      type: 'requests.retryStale',
      token: context.accessToken ?? '',
    })),
    rejectQueue: sendTo('requests', (_, params: { reason: 'expired' | 'locked' }) => ({
      type: 'requests.reject' as const,
      reason: params.reason,
    })),
    assignStored: assign(({ context }) => {
      const parsed = context.stored ? parseStoredSession(context.stored) : null;
      return parsed ? { ...fromSession(parsed.session), confirmed: false, stored: null } : { stored: null };
    }),
    /** A session that did not come from this tab's own server answer (storage, another tab): unconfirmed. */
    assignUnconfirmed: assign((_, params: { session: SessionData }) => ({
      ...fromSession(params.session),
      confirmed: false,
      notice: null,
    })),
    /** A session this tab's own sign-in (or the provider's redirect) yielded: confirmed. */
    assignSession: assign((_, params: { session: SessionData }) => ({ ...fromSession(params.session), confirmed: true, notice: null })),
    assignConfirmed: assign((_, params: { confirmed: ConfirmedSession }) => ({
      ...fromConfirmed(params.confirmed),
      ...(params.confirmed.token
        ? { accessToken: params.confirmed.token.accessToken, tokenExpiry: params.confirmed.token.tokenExpiry }
        : {}),
    })),
    assignToken: assign(({ context }, params: { token: RefreshedToken }) => fromToken(context, params.token)),
    assignFailure: assign((_, params: { error: string; message: string | null }) => ({
      error: params.error,
      errorMessage: params.message,
    })),
    dropStored: assign({ stored: null }),
    /** Sign-ins refused as too many: when the server checks a password again (the countdown of `signedOut.throttled`). */
    assignSignInRetry: assign((_, params: { error: unknown }) => ({
      signInRetryAt: Date.now() + (signInWaitOf(messageOf(params.error, '')) ?? 0) * 1000,
    })),
    clearSignInRetry: assign({ signInRetryAt: null }),
    clearSessionContext: assign({ ...EMPTY_SESSION, confirmed: false }),
    clearError: assign({ error: null, errorMessage: null, notice: null }),
    assignNotice: assign((_, params: { notice: string }) => ({ notice: params.notice })),
    patchUser: assign(({ context }, params: { patch: UserPatch }) => ({
      user: context.user ? { ...context.user, ...params.patch } : context.user,
    })),
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
    /** The server refused the sign-in as one of too many (429): its message says for how long. */
    isThrottledError: (_, params: { error: unknown }) => signInWaitOf(messageOf(params.error, '')) !== null,
  },
  delays: {
    idleTimeout: ({ context }) => context.idleMs,
    untilRenewal: ({ context }) => renewalDelayMs(context.tokenExpiry ?? 0, Date.now()),
    untilExpiry: ({ context }) => expiryDelayMs(context.tokenExpiry ?? 0, Date.now()),
    untilSignInRetry: ({ context }) => Math.max(0, (context.signInRetryAt ?? 0) - Date.now()),
  },
});

/**
 * The end of a session the user did not sign out of (expired, renewal failed). Added by `extend`: it runs
 * the actions above by name, which setup types only once they exist.
 */
export const sessionSetup = base.extend<{ endSession: { reason: SessionEndReason } }>({
  actions: {
    endSession: enqueueActions(({ enqueue }, params) => {
      enqueue({ type: 'assignFailure', params: { error: END_ERRORS[params.reason], message: null } });
      enqueue({ type: 'rejectQueue', params: { reason: 'expired' } });
      enqueue('clearStoredSession');
      enqueue('broadcastSignedOut');
      enqueue.emit({ type: 'sessionExpired', reason: params.reason });
    }),
  },
});
