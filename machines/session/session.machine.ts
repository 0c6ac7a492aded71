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

/** The rejection every queued request gets when the session ends before a new token arrives. */
export class SessionExpiredError extends Error {
  constructor(message = 'Session expired') {
    super(message);
    this.name = 'SessionExpiredError';
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
  | { type: 'session.remote.unlocked' };

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
    unlock: notProvided('unlock') as unknown as ReturnType<
      typeof fromPromise<null, { accessToken: string | null; password: string }>
    >,
  },
  actions: {
    // Storage and tab-to-tab messages: the app provides these; tests spy on them.
    persistSession: (_: { context: SessionContext }) => undefined,
    clearStoredSession: () => undefined,
    persistLock: () => undefined,
    clearLock: () => undefined,
    broadcastSignedIn: (_: { context: SessionContext }) => undefined,
    broadcastSignedOut: () => undefined,
    broadcastTokenRefreshed: (_: { context: SessionContext }) => undefined,
    broadcastLocked: () => undefined,
    broadcastUnlocked: () => undefined,
    assignStored: assign(({ context }) => {
      const parsed = context.stored ? parseStoredSession(context.stored) : null;
      return parsed ? { ...fromSession(parsed.session), stored: null } : { stored: null };
    }),
    dropStored: assign({ stored: null }),
    clearSessionContext: assign({ ...EMPTY_SESSION }),
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
    clearQueue: assign({ queue: [] }),
    assignToken: assign((_, params: { token: RefreshedToken }) => ({
      accessToken: params.token.accessToken,
      tokenExpiry: params.token.tokenExpiry,
    })),
    clearError: assign({ error: null, errorMessage: null }),
  },
  guards: {
    isStoredSessionLocked: ({ context }) => context.stored !== null && parseStoredSession(context.stored)?.locked === true,
    isStoredSessionValid: ({ context }) => context.stored !== null && parseStoredSession(context.stored) !== null,
    hasStoredValues: ({ context }) => context.stored !== null && hasAnyStoredValue(context.stored),
    /** A 401 carrying a token that has already been replaced: retry with the current one, no new refresh. */
    isReplacedToken: ({ context, event }) =>
      event.type === 'session.unauthorized' && context.accessToken !== null && event.request.failedToken !== context.accessToken,
    isIdleLockEnabled: ({ context }) => context.idleMs > 0,
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
    idleMs: input.idleMs ?? DEFAULT_IDLE_MS,
    stored: input.stored,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isStoredSessionLocked', target: 'signedIn.locked', actions: 'assignStored' },
        { guard: 'isStoredSessionValid', target: 'signedIn', actions: 'assignStored' },
        // Something is stored but it does not hold together: clear it all and start signed out.
        { guard: 'hasStoredValues', target: 'signedOut', actions: ['clearStoredSession', 'dropStored'] },
        { target: 'signedOut', actions: 'dropStored' },
      ],
    },
    signedOut: {
      entry: ['rejectQueue', 'clearQueue', 'clearSessionContext'],
      on: {
        'session.login': { target: 'signingIn', actions: 'clearError' },
        'session.unauthorized': { actions: 'rejectRequest' },
        'session.remote.signedIn': {
          target: 'signedIn',
          actions: assign(({ event }) => fromSession(event.session)),
        },
        'session.adopt': {
          target: 'signedIn',
          actions: [
            assign(({ event }) => fromSession(event.session)),
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
            assign(({ event }) => fromSession(event.output)),
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
        'session.remote.signedIn': { actions: assign(({ event }) => fromSession(event.session)) },
        'session.remote.tokenRefreshed': { actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) } },
        'session.token.renewed': {
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            'persistSession',
            'broadcastTokenRefreshed',
          ],
        },
        'session.unauthorized': [
          { guard: 'isReplacedToken', actions: 'resolveWithCurrentToken' },
          { target: 'refreshing', actions: 'enqueueRequest' },
        ],
      },
      states: {
        active: {
          after: {
            idleTimeout: { guard: 'isIdleLockEnabled', target: 'locked' },
          },
          on: {
            'session.activity': { target: 'active', reenter: true },
            'session.lock': 'locked',
            'session.remote.locked': 'locked',
          },
        },
        locked: {
          entry: ['persistLock', 'broadcastLocked'],
          // Unlocked in another tab: continue here too.
          on: { 'session.remote.unlocked': { target: 'active', actions: emit({ type: 'unlocked' as const }) } },
          initial: 'idle',
          states: {
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
                onDone: {
                  target: '#session.signedIn.active',
                  actions: ['clearLock', 'broadcastUnlocked', emit({ type: 'unlocked' as const })],
                },
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
        onError: {
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
