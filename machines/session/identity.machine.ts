import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionData } from './stored-session';

/**
 * Identity-provider flows (OpenID Connect through oidc-client-ts, provided by the app as actors):
 * the `/callback` page completing a redirect sign-in, and silent renewal of the provider's token
 * before it expires.
 */

/** What the provider's redirect yields: the session and the page the visitor wanted (round-tripped state). */
export interface CompletedSignIn {
  session: SessionData;
  returnTo: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Sign-in failed');

export const identityCallbackMachine = setup({
  types: {
    context: {} as { url: string; error: string | null },
    input: {} as { url: string },
    events: {} as { type: 'callback.retry' },
    emitted: {} as { type: 'signedIn'; session: SessionData; returnTo: string | null } | { type: 'failed'; message: string },
  },
  actors: {
    completeSignIn: fromPromise<CompletedSignIn, { url: string }>(async () => {
      throw new Error('identity actor "completeSignIn" not provided');
    }),
  },
}).createMachine({
  id: 'identityCallback',
  context: ({ input }) => ({ url: input.url, error: null }),
  initial: 'processing',
  states: {
    processing: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'succeeded',
          actions: emit(({ event }) => ({ type: 'signedIn' as const, session: event.output.session, returnTo: event.output.returnTo })),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: 'failed' as const, message: messageOf(event.error) })),
          ],
        },
      },
    },
    failed: {
      on: { 'callback.retry': { target: 'processing', actions: assign({ error: null }) } },
    },
    succeeded: { type: 'final' },
  },
});

export interface RenewedToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** When the renewal answered (epoch ms): the next one is scheduled from here. */
  renewedAt: number;
}

export const silentRenewalMachine = setup({
  types: {
    context: {} as { expiresAt: number; now: number; leadMs: number; error: string | null },
    input: {} as { expiresAt: number; now: number; leadMs?: number },
    events: {} as { type: 'renewal.stop' } | { type: 'renewal.retry' },
    emitted: {} as { type: 'renewed'; token: RenewedToken } | { type: 'renewalFailed'; message: string },
  },
  actors: {
    renewSilently: fromPromise<RenewedToken>(async () => {
      throw new Error('identity actor "renewSilently" not provided');
    }),
  },
  delays: {
    // Renew `leadMs` before the token expires (at once when that moment has passed).
    untilRenewal: ({ context }) => Math.max(0, context.expiresAt - context.leadMs - context.now),
  },
}).createMachine({
  id: 'silentRenewal',
  context: ({ input }) => ({ expiresAt: input.expiresAt, now: input.now, leadMs: input.leadMs ?? 60_000, error: null }),
  initial: 'scheduled',
  on: { 'renewal.stop': '.stopped' },
  states: {
    scheduled: {
      after: { untilRenewal: 'renewing' },
    },
    renewing: {
      invoke: {
        id: 'renewSilently',
        src: 'renewSilently',
        onDone: {
          target: 'scheduled',
          reenter: true,
          actions: [
            assign(({ event }) => ({ expiresAt: event.output.expiresAt, now: event.output.renewedAt, error: null })),
            emit(({ event }) => ({ type: 'renewed' as const, token: event.output })),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: 'renewalFailed' as const, message: messageOf(event.error) })),
          ],
        },
      },
    },
    failed: {
      on: { 'renewal.retry': 'renewing' },
    },
    stopped: { type: 'final' },
  },
});
