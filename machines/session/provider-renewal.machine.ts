import { assign, fromPromise, setup } from 'xstate';
import { callbackErrorName } from './provider-errors';

/**
 * One renewal of the identity provider's token (OpenID Connect through oidc-client-ts, provided by the
 * app as actors): another tab's token, else the refresh token, else a hidden frame with `prompt=none`.
 */

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
