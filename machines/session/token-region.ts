import { raise } from 'xstate';
import { renewalStates } from './renewal';
import { sessionSetup } from './session.setup';

/**
 * The session's `token` region, parallel to `access` while signed in: the access token is valid until it
 * expires; one backend refresh or provider renewal serves any number of 401s (the requests wait in the
 * `requests` actor's queue).
 */
export const tokenRegion = sessionSetup.createStateConfig({
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
    /**
     * The token's lifetime has passed: a provider session renews at once, a backend one at the next 401 (also one
     * carrying an older token: sent again with this expired one, it could only fail again, for good).
     */
    expired: {
      always: { guard: 'isProviderSession', target: 'renewingSilently' },
      on: {
        'session.unauthorized': { target: 'refreshing' },
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
            actions: { type: 'endSession', params: { reason: 'expired' } },
          },
        ],
      },
      on: {
        // A 401 carrying an older token waits in the queue too: the token being refreshed is the one that failed.
        // Another tab refreshed first: its token serves the queue, this refresh is cancelled.
        'session.remote.tokenRefreshed': {
          target: 'valid',
          actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.token }) }, 'retryQueue'],
        },
      },
    },
    /** Identity provider: a new token without a page change; a failure is retried once, then the session ends. */
    renewingSilently: {
      ...renewalStates({
        ids: ['renewal', 'renewalRetry'],
        reasonOf: (event) => (event.type === 'session.unauthorized' ? 'unauthorized' : 'expiring'),
        retryReason: 'expiring',
        target: '#session.signedIn.token.valid',
        share: 'all',
      }),
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
});
