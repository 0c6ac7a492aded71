import { assign, emit } from 'xstate';
import { DEFAULT_IDLE_MS } from './delays';
import { renewalStates } from './renewal';
import { EMPTY_SESSION, fromConfirmed } from './session-context';
import { messageOf } from './session.errors';
import { liveOwnerOf, sessionSetup } from './session.setup';
import { SIGNED_OUT_PATH } from './session.types';
import { tokenRegion } from './token-region';

export type { SessionEvent } from './session.types';

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
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...EMPTY_SESSION,
    error: null,
    errorMessage: null,
    notice: input.signedOutAtProvider === true ? 'auth.signedOutAtProvider' : null,
    confirmed: false,
    idleMs: input.idleMs ?? DEFAULT_IDLE_MS,
    signInRetryAt: null,
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
        renewing: renewalStates({
          ids: ['startRenewal', 'startRenewalRetry'],
          reasonOf: () => 'start',
          retryReason: 'start',
          target: '#session.confirming.asking',
          share: 'tabs',
        }),
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
                actions: { type: 'endSession', params: { reason: 'expired' } },
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
      initial: 'ready',
      states: {
        ready: {},
        /** Sign-ins refused as too many (429): the form says until when, and the countdown is the machine's. */
        throttled: {
          exit: 'clearSignInRetry',
          after: { untilSignInRetry: 'ready' },
        },
      },
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
        onError: [
          {
            guard: { type: 'isThrottledError', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut.throttled',
            actions: [
              {
                type: 'assignFailure',
                params: ({ event }) => ({ error: 'auth.loginFailed', message: messageOf(event.error, 'Login failed') }),
              },
              { type: 'assignSignInRetry', params: ({ event }) => ({ error: event.error }) },
              emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error, 'Login failed') })),
            ],
          },
          {
            target: 'signedOut',
            actions: [
              {
                type: 'assignFailure',
                params: ({ event }) => ({ error: 'auth.loginFailed', message: messageOf(event.error, 'Login failed') }),
              },
              emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error, 'Login failed') })),
            ],
          },
        ],
      },
      on: {
        'session.logout': 'signedOut',
        'session.unauthorized': { actions: { type: 'rejectQueue', params: { reason: 'expired' } } },
      },
    },
    signedIn: {
      type: 'parallel',
      invoke: [
        { id: 'activity', src: 'activityWatch' },
        // Stopped when the session leaves `signedIn` (sign-out, another tab's): that closes the stream.
        { id: 'live', src: 'liveEvents', input: ({ context }) => ({ owner: liveOwnerOf(context) }) },
      ],
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
              // No stream while locked (the server refuses it); unlocked, it resumes from the cursor.
              entry: 'pauseLive',
              exit: 'resumeLive',
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
        token: tokenRegion,
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
