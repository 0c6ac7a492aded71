import { assign, emit, fromPromise, setup } from 'xstate';
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

/** A request that got a 401 and waits for the refreshed token (or for the session to end). */
export interface QueuedRequest {
  failedToken: string;
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

export interface RefreshedToken {
  accessToken: string;
  tokenExpiry: number;
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

export interface SessionContext {
  accessToken: string | null;
  sessionKey: string | null;
  /** Epoch milliseconds. */
  tokenExpiry: number | null;
  user: SessionUser | null;
  defaultRoleId: 1 | 2 | 3 | 4 | null;
  roles: number[];
  /** i18n key of the last failure, e.g. `auth.loginFailed`. */
  error: string | null;
  /** The server's message for the last failure, shown as-is. */
  errorMessage: string | null;
  queue: QueuedRequest[];
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
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.lock' }
  | { type: 'session.unlock'; password: string }
  | { type: 'session.activity' }
  | { type: 'session.unauthorized'; request: QueuedRequest }
  | { type: 'session.remote.signedIn'; session: SessionData }
  /** A session obtained elsewhere (identity-provider callback): stored and shared like a sign-in. */
  | { type: 'session.adopt'; session: SessionData }
  /** The identity provider renewed the token silently. */
  | { type: 'session.token.renewed'; token: RefreshedToken }
  | { type: 'session.remote.signedOut' }
  | { type: 'session.remote.tokenRefreshed'; token: RefreshedToken }
  | { type: 'session.remote.locked' }
  | { type: 'session.remote.unlocked' }
  /** A request got 423 `session_locked`: the server holds this session locked. */
  | { type: 'session.server.locked' }
  /** Try confirming the restored session again after a failure (network, server error). */
  | { type: 'session.retry' }
  /** The user changed their own profile: the header and the stored userInfo follow at once. */
  | { type: 'session.user.update'; patch: Partial<Pick<SessionUser, 'displayName' | 'about' | 'photoURL'>> };

/** What the machine announces to the app (views show toasts and navigate on these). */
export type SessionEmitted =
  | { type: 'signedIn'; user: SessionUser; defaultRoleId: 1 | 2 | 3 | 4 }
  | { type: 'loginFailed'; message: string }
  | { type: 'alreadySignedIn' }
  | { type: 'sessionExpired' }
  | { type: 'unlocked' }
  | { type: 'unlockFailed'; message: string };

const notProvided = (name: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`session actor "${name}" not provided`);
  });

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const EMPTY_SESSION = {
  accessToken: null,
  sessionKey: null,
  tokenExpiry: null,
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
  user: session.user,
  defaultRoleId: session.defaultRoleId,
  roles: session.roles,
});

/** The session as the app stores it, rebuilt from the machine's context. */
export function sessionOf(context: SessionContext): SessionData | null {
  const { accessToken, sessionKey, tokenExpiry, user, defaultRoleId, roles } = context;
  if (!accessToken || !sessionKey || tokenExpiry === null || !user || defaultRoleId === null) return null;
  return { accessToken, sessionKey, tokenExpiry, user, defaultRoleId, roles };
}

export const DEFAULT_IDLE_MS = 15 * 60 * 1000;

/**
 * The session statechart: restore → signed out / signed in (active ⇄ locked), one refresh for any
 * number of 401s with the failed requests queued, sign-out everywhere. Storage, broadcast and HTTP
 * are provided by the app as actions and actors.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    login: notProvided('login') as unknown as ReturnType<typeof fromPromise<SessionData, Credentials>>,
    refreshToken: notProvided('refreshToken') as unknown as ReturnType<
      typeof fromPromise<RefreshedToken, { accessToken: string }>
    >,
    logout: notProvided('logout') as unknown as ReturnType<typeof fromPromise<null, { accessToken: string | null }>>,
    /** Checks the password on the server and lifts its lock; answers the server's record of the user (or null). */
    unlock: notProvided('unlock') as unknown as ReturnType<
      typeof fromPromise<ConfirmedUser | null, { accessToken: string | null; password: string }>
    >,
    /** Tells the server the session is locked, so it refuses the session's calls until unlock. */
    lock: notProvided('lock') as unknown as ReturnType<typeof fromPromise<null, { accessToken: string | null }>>,
    /** `GET /api/me`: who the server says the token belongs to (refreshing an expired token first). */
    fetchMe: notProvided('fetchMe') as unknown as ReturnType<typeof fromPromise<ConfirmedSession, { accessToken: string }>>,
  },
  actions: {
    // Storage and tab-to-tab messages: the app provides these; tests spy on them.
    persistSession: (_: { context: SessionContext }) => undefined,
    clearStoredSession: () => undefined,
    persistLock: () => undefined,
    /** Only the page to come back to (this tab): a lock the server reported is neither stored nor shared. */
    rememberLockedPage: () => undefined,
    clearLock: () => undefined,
    broadcastSignedIn: (_: { context: SessionContext }) => undefined,
    broadcastSignedOut: () => undefined,
    broadcastTokenRefreshed: (_: { context: SessionContext }) => undefined,
    broadcastLocked: () => undefined,
    broadcastUnlocked: () => undefined,
    assignStored: assign(({ context }) => {
      const parsed = context.stored ? parseStoredSession(context.stored) : null;
      return parsed ? { ...fromSession(parsed.session), confirmed: false, stored: null } : { stored: null };
    }),
    /** A session that did not come from this tab's own server answer (storage, another tab): unconfirmed. */
    assignUnconfirmed: assign((_, params: { session: SessionData }) => ({ ...fromSession(params.session), confirmed: false })),
    assignConfirmed: assign((_, params: { confirmed: ConfirmedUser }) => fromConfirmed(params.confirmed)),
    dropStored: assign({ stored: null }),
    clearSessionContext: assign({ ...EMPTY_SESSION, confirmed: false }),
    enqueueRequest: assign({
      queue: ({ context, event }) => (event.type === 'session.unauthorized' ? [...context.queue, event.request] : context.queue),
    }),
    resolveWithCurrentToken: ({ context, event }) => {
      if (event.type === 'session.unauthorized' && context.accessToken) event.request.resolve(context.accessToken);
    },
    rejectRequest: ({ event }) => {
      if (event.type === 'session.unauthorized') event.request.reject(new SessionExpiredError());
    },
    resolveQueue: ({ context }) => {
      const token = context.accessToken;
      for (const request of context.queue) {
        if (token) request.resolve(token);
        else request.reject(new SessionExpiredError());
      }
    },
    rejectQueue: ({ context }) => {
      for (const request of context.queue) request.reject(new SessionExpiredError());
    },
    rejectQueueLocked: ({ context }) => {
      for (const request of context.queue) request.reject(new SessionLockedError());
    },
    clearQueue: assign({ queue: [] }),
    assignToken: assign((_, params: { token: RefreshedToken }) => ({
      accessToken: params.token.accessToken,
      tokenExpiry: params.token.tokenExpiry,
    })),
    clearError: assign({ error: null, errorMessage: null }),
    patchUser: assign(({ context }, params: { patch: Partial<Pick<SessionUser, 'displayName' | 'about' | 'photoURL'>> }) => ({
      user: context.user ? { ...context.user, ...params.patch } : context.user,
    })),
  },
  guards: {
    isStoredSessionLocked: ({ context }) => context.stored !== null && parseStoredSession(context.stored)?.locked === true,
    isStoredSessionValid: ({ context }) => context.stored !== null && parseStoredSession(context.stored) !== null,
    hasStoredValues: ({ context }) => context.stored !== null && hasAnyStoredValue(context.stored),
    /** A 401 carrying a token that has already been replaced: retry with the current one, no new refresh. */
    isReplacedToken: ({ context, event }) =>
      event.type === 'session.unauthorized' && context.accessToken !== null && event.request.failedToken !== context.accessToken,
    isIdleLockEnabled: ({ context }) => context.idleMs > 0,
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
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...EMPTY_SESSION,
    error: null,
    errorMessage: null,
    queue: [],
    confirmed: false,
    idleMs: input.idleMs ?? DEFAULT_IDLE_MS,
    stored: input.stored,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        // Locked: no call but unlock may reach the server; the unlock answer confirms the user.
        { guard: 'isStoredSessionLocked', target: 'signedIn.locked', actions: ['assignStored', 'persistLock'] },
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
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignConfirmed', params: ({ event }) => ({ confirmed: event.output }) },
            assign(({ event }) => (event.output.token ? { accessToken: event.output.token.accessToken, tokenExpiry: event.output.token.tokenExpiry } : {})),
            'persistSession',
            'resolveQueue',
            'clearQueue',
          ],
        },
        onError: [
          {
            guard: { type: 'isLockedError', params: ({ event }) => ({ error: event.error }) },
            target: 'signedIn.locked',
            actions: ['rememberLockedPage', 'rejectQueueLocked', 'clearQueue'],
          },
          {
            guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [
              assign({ error: 'auth.sessionExpired', errorMessage: null }),
              'rejectQueue',
              'clearQueue',
              'clearStoredSession',
              'broadcastSignedOut',
              emit({ type: 'sessionExpired' as const }),
            ],
          },
          {
            target: 'confirmFailed',
            actions: [
              assign(({ event }) => ({ error: 'auth.confirmFailed', errorMessage: messageOf(event.error, 'Network error') })),
              'rejectQueue',
              'clearQueue',
            ],
          },
        ],
      },
      on: {
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        'session.unauthorized': [{ guard: 'isReplacedToken', actions: 'resolveWithCurrentToken' }, { actions: 'enqueueRequest' }],
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          reenter: true,
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
        'session.remote.locked': { target: 'signedIn.locked', actions: 'persistLock' },
        'session.server.locked': { target: 'signedIn.locked', actions: 'rememberLockedPage' },
      },
    },
    /** The server could not be asked (offline, 5xx): nothing role-gated shows; retry or sign out. */
    confirmFailed: {
      on: {
        'session.retry': { target: 'confirming', actions: 'clearError' },
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        'session.unauthorized': { actions: 'rejectRequest' },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
      },
    },
    signedOut: {
      entry: ['rejectQueue', 'clearQueue', 'clearSessionContext'],
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
        'session.unauthorized': { actions: 'rejectRequest' },
        // Another tab signed in: its message is no proof of the role, the server confirms it here too.
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.adopt': {
          target: 'signedIn',
          actions: [
            assign(({ event }) => ({ ...fromSession(event.session), confirmed: true })),
            'persistSession',
            'broadcastSignedIn',
            emit(({ event }) => ({ type: 'signedIn' as const, user: event.session.user, defaultRoleId: event.session.defaultRoleId })),
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
            assign(({ event }) => ({ ...fromSession(event.output), confirmed: true })),
            'persistSession',
            'broadcastSignedIn',
            emit(({ event }) => ({ type: 'signedIn' as const, user: event.output.user, defaultRoleId: event.output.defaultRoleId })),
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            assign(({ event }) => ({ error: 'auth.loginFailed', errorMessage: messageOf(event.error, 'Login failed') })),
            emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error, 'Login failed') })),
          ],
        },
      },
      on: {
        'session.logout': 'signedOut',
        'session.unauthorized': { actions: 'rejectRequest' },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        'session.logout': 'signingOut',
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.signedIn': {
          target: 'confirming',
          actions: { type: 'assignUnconfirmed', params: ({ event }) => ({ session: event.session }) },
        },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
        'session.token.renewed': {
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            'persistSession',
            'broadcastTokenRefreshed',
          ],
        },
        'session.user.update': { actions: [{ type: 'patchUser', params: ({ event }) => ({ patch: event.patch }) }, 'persistSession'] },
        'session.unauthorized': [
          { guard: 'isReplacedToken', actions: 'resolveWithCurrentToken' },
          { target: 'refreshing', actions: 'enqueueRequest' },
        ],
      },
      states: {
        active: {
          after: {
            idleTimeout: { guard: 'isIdleLockEnabled', target: 'locked.locking', actions: ['persistLock', 'broadcastLocked'] },
          },
          on: {
            'session.activity': { target: 'active', reenter: true },
            'session.lock': { target: 'locked.locking', actions: ['persistLock', 'broadcastLocked'] },
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
                    target: '#session.signedIn.active',
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
                    assign(({ event }) => ({ error: 'auth.unlockFailed', errorMessage: messageOf(event.error, 'Wrong password') })),
                    emit(({ event }) => ({ type: 'unlockFailed' as const, message: messageOf(event.error, 'Wrong password') })),
                  ],
                },
              },
            },
          },
        },
        resume: { type: 'history' },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
        onDone: {
          target: 'signedIn.resume',
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
            'persistSession',
            'broadcastTokenRefreshed',
            'resolveQueue',
            'clearQueue',
          ],
        },
        onError: [
          // Locked on the server (another tab, or a lock this tab missed): the lock screen, never a sign-out.
          {
            guard: { type: 'isLockedError', params: ({ event }) => ({ error: event.error }) },
            target: 'signedIn.locked',
            actions: ['rememberLockedPage', 'rejectQueueLocked', 'clearQueue'],
          },
          {
            target: 'signedOut',
            actions: [
              assign({ error: 'auth.sessionExpired', errorMessage: null }),
              'rejectQueue',
              'clearQueue',
              'clearStoredSession',
              'broadcastSignedOut',
              emit({ type: 'sessionExpired' as const }),
            ],
          },
        ],
      },
      initial: 'queued',
      states: {
        // Every request that fails while the one refresh runs waits here for its retry.
        queued: {
          on: { 'session.unauthorized': { actions: 'enqueueRequest' } },
        },
      },
      on: {
        'session.login': { actions: emit({ type: 'alreadySignedIn' as const }) },
        // Leaving stops the invoked refresh, which aborts its request through the actor's signal.
        'session.logout': { target: 'signingOut', actions: ['rejectQueue', 'clearQueue'] },
        'session.remote.signedOut': { target: 'signedOut', actions: 'clearStoredSession' },
        'session.remote.tokenRefreshed': {
          target: 'signedIn.resume',
          actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.token }) }, 'resolveQueue', 'clearQueue'],
        },
      },
    },
    signingOut: {
      entry: ['clearStoredSession', 'broadcastSignedOut'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: 'signedOut',
        // Revoking is best effort: the local session is gone either way.
        onError: 'signedOut',
      },
      on: {
        'session.unauthorized': { actions: 'rejectRequest' },
      },
    },
  },
});
