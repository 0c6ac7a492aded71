import { assign, emit, fromPromise, setup } from 'xstate';
import type { SessionData } from './stored-session';

/**
 * Identity-provider flows (OpenID Connect through oidc-client-ts, provided by the app as actors):
 * the `/callback` page completing a redirect sign-in, and one renewal of the provider's token
 * (another tab's token, else the refresh token, else a hidden frame with `prompt=none`).
 */

/** What the provider's redirect yields: the session and the page the visitor wanted (round-tripped state). */
export interface CompletedSignIn {
  session: SessionData;
  returnTo: string | null;
}

/** Names of callback failures that are not the provider's own `error` codes. */
export const STATE_MISMATCH = 'state_mismatch';
export const ID_TOKEN_EXPIRED = 'id_token_expired';

/**
 * The name the alert shows for a failed callback: the provider's `error` code (`access_denied`,
 * `login_required`, …), `state_mismatch` for a state that matches no stored request (tampered or
 * replayed), else the error's own name.
 */
export function callbackErrorName(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { error?: unknown }).error;
    if (typeof code === 'string' && code !== '') return code;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && /no matching state/i.test(message)) return STATE_MISMATCH;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  }
  return 'sign_in_failed';
}

type CallbackContext = { url: string; now: number; errorName: string | null };

export const identityCallbackMachine = setup({
  types: {
    context: {} as CallbackContext,
    input: {} as { url: string; now: number },
    emitted: {} as { type: 'signedIn'; session: SessionData; returnTo: string | null } | { type: 'failed'; errorName: string },
  },
  actors: {
    completeSignIn: fromPromise<CompletedSignIn, { url: string }>(async () => {
      throw new Error('identity actor "completeSignIn" not provided');
    }),
  },
  actions: {
    /** The app writes the full error to the console (the alert points there). */
    logError: (_, _params: { error: unknown }) => undefined,
    /** A refused answer leaves no pending `oidc.<state>` entry behind. */
    forgetPendingRequests: () => undefined,
  },
  guards: {
    isIdTokenExpired: ({ context }, params: { session: SessionData }) =>
      params.session.idTokenExpiry === undefined || params.session.idTokenExpiry <= context.now,
    isStateMismatch: (_, params: { error: unknown }) => callbackErrorName(params.error) === STATE_MISMATCH,
  },
}).createMachine({
  id: 'identityCallback',
  context: ({ input }) => ({ url: input.url, now: input.now, errorName: null }),
  initial: 'processing',
  states: {
    processing: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context }) => ({ url: context.url }),
        onDone: [
          {
            guard: { type: 'isIdTokenExpired', params: ({ event }) => ({ session: event.output.session }) },
            target: 'failed',
            actions: [
              assign({ errorName: ID_TOKEN_EXPIRED }),
              { type: 'logError', params: ({ event }) => ({ error: new Error(`The ID token expired at ${String(event.output.session.idTokenExpiry)}`) }) },
              emit({ type: 'failed' as const, errorName: ID_TOKEN_EXPIRED }),
            ],
          },
          {
            target: 'succeeded',
            actions: emit(({ event }) => ({ type: 'signedIn' as const, session: event.output.session, returnTo: event.output.returnTo })),
          },
        ],
        onError: [
          {
            guard: { type: 'isStateMismatch', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [
              assign({ errorName: STATE_MISMATCH }),
              'forgetPendingRequests',
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              emit({ type: 'failed' as const, errorName: STATE_MISMATCH }),
            ],
          },
          {
            target: 'failed',
            actions: [
              assign({ errorName: ({ event }) => callbackErrorName(event.error) }),
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              emit(({ event }) => ({ type: 'failed' as const, errorName: callbackErrorName(event.error) })),
            ],
          },
        ],
      },
    },
    // A provider's answer is redeemed once: a failed callback is final, the visitor signs in again.
    failed: { type: 'final' },
    succeeded: { type: 'final' },
  },
});

/** A renewed provider token (epoch milliseconds). */
export interface RenewedProviderToken {
  accessToken: string;
  tokenExpiry: number;
  idTokenExpiry: number;
}

/** What storage holds when a renewal starts: a token another tab renewed meanwhile, and whether a refresh token exists. */
export interface StoredProviderState {
  renewedElsewhere: RenewedProviderToken | null;
  hasRefreshToken: boolean;
}

export type ProviderRenewalOutput = { token: RenewedProviderToken; via: 'otherTab' | 'refreshToken' | 'frame' } | { error: string };

type RenewalContext = {
  accessToken: string;
  token: RenewedProviderToken | null;
  via: 'otherTab' | 'refreshToken' | 'frame' | null;
  error: string | null;
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : callbackErrorName(error));

/**
 * One renewal of the provider's token, run by the app inside a cross-tab lock: a token another tab
 * renewed meanwhile is taken as is; else the refresh token (rotated by the provider) is used; when
 * there is none or the provider refuses it, a hidden frame asks with `prompt=none` (the provider's
 * session cookie). Both refused: the renewal fails and the session machine ends the session.
 */
export const providerRenewalMachine = setup({
  types: {
    context: {} as RenewalContext,
    input: {} as { accessToken: string },
    output: {} as ProviderRenewalOutput,
  },
  actors: {
    readStored: fromPromise<StoredProviderState, { accessToken: string }>(async () => {
      throw new Error('identity actor "readStored" not provided');
    }),
    useRefreshToken: fromPromise<RenewedProviderToken>(async () => {
      throw new Error('identity actor "useRefreshToken" not provided');
    }),
    renewInFrame: fromPromise<RenewedProviderToken>(async () => {
      throw new Error('identity actor "renewInFrame" not provided');
    }),
  },
  guards: {
    isRenewedElsewhere: (_, params: { stored: StoredProviderState }) => params.stored.renewedElsewhere !== null,
    hasRefreshToken: (_, params: { stored: StoredProviderState }) => params.stored.hasRefreshToken,
  },
}).createMachine({
  id: 'providerRenewal',
  context: ({ input }) => ({ accessToken: input.accessToken, token: null, via: null, error: null }),
  initial: 'checkingStorage',
  states: {
    checkingStorage: {
      invoke: {
        id: 'readStored',
        src: 'readStored',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: [
          {
            guard: { type: 'isRenewedElsewhere', params: ({ event }) => ({ stored: event.output }) },
            target: 'renewed',
            actions: assign({ token: ({ event }) => event.output.renewedElsewhere, via: 'otherTab' }),
          },
          { guard: { type: 'hasRefreshToken', params: ({ event }) => ({ stored: event.output }) }, target: 'refreshing' },
          { target: 'askingFrame' },
        ],
        onError: { target: 'askingFrame' },
      },
    },
    refreshing: {
      invoke: {
        id: 'useRefreshToken',
        src: 'useRefreshToken',
        onDone: { target: 'renewed', actions: assign({ token: ({ event }) => event.output, via: 'refreshToken' }) },
        // A refused refresh token (expired, revoked, ended with the provider session): the frame decides.
        onError: { target: 'askingFrame', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    askingFrame: {
      invoke: {
        id: 'renewInFrame',
        src: 'renewInFrame',
        onDone: { target: 'renewed', actions: assign({ token: ({ event }) => event.output, via: 'frame', error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    renewed: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) =>
    context.token && context.via ? { token: context.token, via: context.via } : { error: context.error ?? 'renewal_failed' },
});
