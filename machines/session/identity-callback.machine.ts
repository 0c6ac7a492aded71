import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { callbackErrorName, ID_TOKEN_EXPIRED, STATE_MISMATCH } from './provider-errors';
import type { sessionMachine } from './session.machine';
import type { SessionEvent } from './session.types';
import type { SessionData } from './stored-session';

/**
 * The `/callback` page completing a redirect sign-in at the identity provider (OpenID Connect through
 * oidc-client-ts, provided by the app as actors), then handing the session to the session machine.
 */

/** What the provider's redirect yields: the session and the page the visitor wanted (round-tripped state). */
export interface CompletedSignIn {
  session: SessionData;
  returnTo: string | null;
}

/** The session actor the callback hands the provider's session to (the app's one session actor). */
export type SessionRef = ActorRefFrom<typeof sessionMachine>;

/** A role id as the server confirms it (1 super admin … 4 user). */
type RoleId = 1 | 2 | 3 | 4;

/** Where the visitor goes once the server has confirmed the session: the page wanted, for the confirmed role. */
export interface CallbackDestination {
  returnTo: string | null;
  defaultRoleId: RoleId;
}

type CallbackContext = {
  url: string;
  now: number;
  errorName: string | null;
  returnTo: string | null;
  destination: CallbackDestination | null;
};

export type CallbackEvent =
  /** From `watchSession`: the server confirmed the session (GET /api/me) with this role. */
  | { type: 'callback.session.confirmed'; defaultRoleId: RoleId }
  /** From `watchSession`: the server could not be asked (offline, 5xx): the app shows the session check. */
  | { type: 'callback.session.unconfirmed'; defaultRoleId: RoleId }
  /** From `watchSession`: the session ended instead (the server refused the provider's token). */
  | { type: 'callback.session.ended'; error: string };

/** Session-machine error keys as the names the callback alert shows. */
const SESSION_REFUSED = 'session_refused';

/**
 * Watches the session actor after the hand-over: confirmed (signed in with the server's role), could
 * not be confirmed, or ended (signed out again). Only changes after the hand-over count.
 */
export const watchSessionOf = (session: SessionRef) =>
  fromCallback<EventObject>(({ sendBack }) => {
    let sawConfirming = false;
    const check = (snapshot: SnapshotFrom<typeof sessionMachine>, first = false) => {
      const role = snapshot.context.defaultRoleId ?? 4;
      if (snapshot.matches('signedIn') && snapshot.context.confirmed) sendBack({ type: 'callback.session.confirmed', defaultRoleId: role });
      else if (snapshot.matches('confirmFailed')) sendBack({ type: 'callback.session.unconfirmed', defaultRoleId: role });
      else if (snapshot.matches('confirming')) sawConfirming = true;
      // Refused at once (its ID token expired meanwhile), or signed out again after the server was asked.
      else if (snapshot.matches('signedOut') && (sawConfirming || (first && snapshot.context.error === 'auth.providerTokenExpired'))) {
        sendBack({ type: 'callback.session.ended', error: snapshot.context.errorMessage ?? snapshot.context.error ?? SESSION_REFUSED });
      }
    };
    check(session.getSnapshot(), true);
    const subscription = session.subscribe((snapshot) => check(snapshot));
    return () => subscription.unsubscribe();
  });

/**
 * The `/callback` page: redeems the provider's answer once (`completeSignIn`), hands the session to the
 * session machine (`session.provider.signedIn`) or tells it why not (`session.provider.failed`), waits
 * for the server to confirm the role, and then leaves for the page the visitor wanted (`leave`, with the
 * confirmed role: an account linked to an admin lands on the admin dashboard). The view only renders
 * this machine's state and provides `leave` (the router), `logError` and `forgetPendingRequests`.
 */
export const identityCallbackMachine = setup({
  types: {
    context: {} as CallbackContext,
    events: {} as CallbackEvent,
    input: {} as { url: string; now: number },
    output: {} as { destination: CallbackDestination | null; errorName: string | null },
  },
  actors: {
    completeSignIn: fromPromise<CompletedSignIn, { url: string }>(async () => {
      throw new Error('identity actor "completeSignIn" not provided');
    }),
    /** Reports what the session machine made of the hand-over (`callbackFor` plugs in the session). */
    watchSession: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    /** The app writes the full error to the console (the alert points there). */
    logError: (_, _params: { error: unknown }) => undefined,
    /** A refused answer leaves no pending `oidc.<state>` entry behind. */
    forgetPendingRequests: () => undefined,
    /** The app's router: to the page wanted (if the role may open it), else the role's dashboard. */
    leave: (_, _params: CallbackDestination) => undefined,
    /** Sends `session.provider.signedIn` to the session actor (`callbackFor` plugs it in). */
    handOver: (_, _params: { session: SessionData }) => undefined,
    /** Sends `session.provider.failed` to the session actor (`callbackFor` plugs it in). */
    reportFailure: (_, _params: { errorName: string }) => undefined,
  },
  guards: {
    isIdTokenExpired: ({ context }, params: { session: SessionData }) =>
      params.session.idTokenExpiry === undefined || params.session.idTokenExpiry <= context.now,
    isStateMismatch: (_, params: { error: unknown }) => callbackErrorName(params.error) === STATE_MISMATCH,
  },
}).createMachine({
  id: 'identityCallback',
  context: ({ input }) => ({ url: input.url, now: input.now, errorName: null, returnTo: null, destination: null }),
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
              {
                type: 'logError',
                params: ({ event }) => ({ error: new Error(`The ID token expired at ${String(event.output.session.idTokenExpiry)}`) }),
              },
              { type: 'reportFailure', params: { errorName: ID_TOKEN_EXPIRED } },
            ],
          },
          {
            target: 'confirming',
            actions: [
              assign({ returnTo: ({ event }) => event.output.returnTo }),
              { type: 'handOver', params: ({ event }) => ({ session: event.output.session }) },
            ],
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
              { type: 'reportFailure', params: { errorName: STATE_MISMATCH } },
            ],
          },
          {
            target: 'failed',
            actions: [
              assign({ errorName: ({ event }) => callbackErrorName(event.error) }),
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => ({ errorName: callbackErrorName(event.error) }) },
            ],
          },
        ],
      },
    },
    /** The session machine asks the server who this is (GET /api/me); the role decides the landing page. */
    confirming: {
      invoke: { id: 'watchSession', src: 'watchSession' },
      on: {
        'callback.session.confirmed': {
          target: 'succeeded',
          actions: assign({ destination: ({ context, event }) => ({ returnTo: context.returnTo, defaultRoleId: event.defaultRoleId }) }),
        },
        // The app's session check shows the failure with "Try again" wherever the visitor lands.
        'callback.session.unconfirmed': {
          target: 'succeeded',
          actions: assign({ destination: ({ context, event }) => ({ returnTo: context.returnTo, defaultRoleId: event.defaultRoleId }) }),
        },
        'callback.session.ended': {
          target: 'failed',
          actions: [
            assign({ errorName: SESSION_REFUSED }),
            {
              type: 'logError',
              params: ({ event }) => ({ error: new Error(`The server refused the provider's session: ${event.error}`) }),
            },
          ],
        },
      },
    },
    // A provider's answer is redeemed once: a failed callback is final, the visitor signs in again.
    failed: { type: 'final' },
    succeeded: {
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => context.destination ?? { returnTo: context.returnTo, defaultRoleId: 4 } },
    },
  },
  output: ({ context }) => ({ destination: context.destination, errorName: context.errorName }),
});

/**
 * The callback machine wired to a session actor (the app's one, or a test's harness): hands the session
 * over, reports failures to it, and watches it for the server's confirmation. Not kept in the context,
 * so a persisted snapshot of the callback (React strict mode remounts) holds no foreign actor.
 */
export function callbackFor(session: SessionRef) {
  return identityCallbackMachine.provide({
    actors: { watchSession: watchSessionOf(session) },
    actions: {
      handOver: (_, params) => session.send({ type: 'session.provider.signedIn', session: params.session } satisfies SessionEvent),
      reportFailure: (_, params) => session.send({ type: 'session.provider.failed', error: params.errorName } satisfies SessionEvent),
    },
  });
}
