import { createActor, fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import { DEFAULT_IDLE_MS } from '@machines/session/delays';
import { createRequestQueue, type RequestQueueCommand } from '@machines/session/request-queue';
import { sessionOf } from '@machines/session/session-context';
import { sessionMachine } from '@machines/session/session.machine';
import type {
  ConfirmedSession,
  ConfirmedUser,
  Credentials,
  FetchMeInput,
  LogoutInput,
  ProviderRenewalInput,
  ProviderToken,
  RefreshedToken,
} from '@machines/session/session.types';
import type { SessionData } from '@machines/session/stored-session';
import { eventOfTabMessage, type TabMessage, type TabPost } from '@machines/session/tab-protocol';
import { configureApiClient } from '../api-config';
import { sessionLiveLogic, silentLiveLogic } from '../live';
import { withInspect } from '../inspection';
import { publishSessionActor } from './current';
import { oidcSettings } from './oidc-settings';
import {
  clearLock,
  clearSession,
  LOCKED_KEY,
  readStoredValues,
  rememberLockedFrom,
  rememberSignedOutAtProvider,
  takeSignedOutAtProvider,
  writeLock,
  writeSession,
} from './storage';

export type SessionActor = Actor<typeof sessionMachine>;

const CHANNEL_NAME = 'service-unit-admin-session';

/**
 * The HTTP calls (with the API client and ofetch) and the identity provider's code are not in the entry: a
 * visitor of /login makes no call before submitting. They load on the first call, and `preloadSessionCalls`
 * fetches the calls after the first paint so a sign-in never waits for them.
 */
const authApi = () => import('./auth-api');
const oidc = () => import('./oidc');

/** Fetches the session's HTTP calls in the background (called once the first screen is painted). */
export function preloadSessionCalls(): void {
  authApi().catch(() => undefined);
}

export function idleMsFromEnv(minutes: string | undefined = import.meta.env.VITE_IDLE_LOCK_MINUTES): number {
  if (minutes === undefined || minutes.trim() === '') return DEFAULT_IDLE_MS;
  const n = Number(minutes);
  return Number.isFinite(n) && n >= 0 ? n * 60_000 : DEFAULT_IDLE_MS;
}

function currentPath(): string {
  const loc = globalThis.location;
  return loc ? `${loc.pathname}${loc.search}` : '/';
}

/**
 * The tab-to-tab messages: posts what the machine sends, and sends the other tabs' messages back. The
 * lock flag in storage is the shared truth too, so a tab that missed a message still follows it.
 */
export function tabSyncActor(channel: BroadcastChannel | null) {
  return fromCallback<TabPost>(({ sendBack, receive }) => {
    receive((post) => {
      if (!post.message) return;
      try {
        channel?.postMessage(post.message);
      } catch {
        // a closed channel: the other tabs still see the storage event
      }
    });
    const onMessage = (event: MessageEvent<TabMessage>) => sendBack(eventOfTabMessage(event.data));
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOCKED_KEY) return;
      sendBack({ type: event.newValue === 'true' ? 'session.remote.locked' : 'session.remote.unlocked' });
    };
    channel?.addEventListener('message', onMessage);
    globalThis.addEventListener?.('storage', onStorage);
    return () => {
      channel?.removeEventListener('message', onMessage);
      globalThis.removeEventListener?.('storage', onStorage);
    };
  });
}

/**
 * The requests that got a 401 wait in this actor's queue (never in the machine's context); a 423 is
 * passed on as `session.server.locked`. It is the API client's hook for as long as the session runs.
 */
export const requestQueueActor = fromCallback<RequestQueueCommand>(({ sendBack, receive }) => {
  const queue = createRequestQueue();
  receive((command) => queue.apply(command));
  configureApiClient({
    onUnauthorized: (failedToken) => {
      const retried = queue.add(failedToken);
      sendBack({ type: 'session.unauthorized', failedToken });
      return retried;
    },
    onLocked: () => sendBack({ type: 'session.server.locked' }),
  });
  return () => {
    configureApiClient({ onUnauthorized: null, onLocked: null });
    queue.apply({ type: 'requests.reject', reason: 'expired' });
  };
});

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'mousemove', 'wheel', 'touchstart'] as const;

/** Any user activity restarts the idle timer; throttled so mouse moves do not flood the machine. */
export const activityWatchActor = fromCallback<EventObject>(({ sendBack }) => {
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    sendBack({ type: 'session.activity' });
  };
  for (const name of ACTIVITY_EVENTS) globalThis.addEventListener?.(name, onActivity, { passive: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) globalThis.removeEventListener?.(name, onActivity);
  };
});

/** The identity provider's renewal (src/lib/session/oidc.ts); without a configured provider a provider session cannot be renewed. */
const renewProviderActor = fromPromise<ProviderToken, ProviderRenewalInput>(async ({ input, signal }) => {
  const settings = oidcSettings();
  if (!settings) throw new Error('No identity provider configured');
  return (await oidc()).renewProviderToken(settings, input, signal);
});

/** Revokes the token on the server (best effort: the machine signs out either way). */
const logoutActor = fromPromise<null, LogoutInput>(async ({ input }) => {
  // Offline with the calls not loaded yet: signing out still works here.
  await authApi()
    .then((api) => api.logoutRequest(input.accessToken))
    .catch(() => undefined);
  return null;
});

/**
 * The provider's end-session page (src/lib/session/oidc.ts): the browser leaves, and the /login it comes
 * back to tells the visitor they are signed out there too (flag in this tab's sessionStorage).
 */
const endProviderSessionActor = fromPromise<null, undefined>(async () => {
  const settings = oidcSettings();
  if (!settings) throw new Error('No identity provider configured');
  rememberSignedOutAtProvider(true);
  try {
    await (await oidc()).endProviderSession(settings);
  } catch (error) {
    rememberSignedOutAtProvider(false);
    throw error;
  }
  // Back without leaving (back-forward cache): this page says it itself.
  rememberSignedOutAtProvider(false);
  return null;
});

/** The session machine with the app's storage, HTTP calls, tab-to-tab messages, request queue, activity watch and live connection plugged in. */
export function createSessionActor(
  options: {
    idleMs?: number;
    channel?: BroadcastChannel | null;
    /** false: a live connection that never connects (a test that counts the requests it sends). Default: the real one. */
    live?: boolean;
  } = {},
): {
  actor: SessionActor;
  dispose: () => void;
} {
  const channel =
    options.channel !== undefined ? options.channel : typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;

  // The lock call already sent lands before any unlock call: else the server could end up locked
  // after the unlock (the machine lets a quick password through while the lock call is on its way).
  let lockInFlight: Promise<unknown> = Promise.resolve();

  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<SessionData, Credentials>(async ({ input, signal }) => (await authApi()).loginRequest(input, signal)),
      refreshToken: fromPromise<RefreshedToken, { accessToken: string }>(async ({ input, signal }) =>
        (await authApi()).refreshTokenRequest(input.accessToken, signal),
      ),
      renewProvider: renewProviderActor,
      logout: logoutActor,
      endProviderSession: endProviderSessionActor,
      unlock: fromPromise<ConfirmedUser | null, { accessToken: string | null; password: string }>(async ({ input, signal }) => {
        await lockInFlight;
        return (await authApi()).unlockRequest(input.password, signal);
      }),
      // Not aborted when the machine moves on: once sent, the lock must land before the unlock.
      lock: fromPromise<null, { accessToken: string | null }>(async ({ input }) => {
        const sent = authApi().then((api) => api.lockRequest(input.accessToken));
        lockInFlight = sent.catch(() => undefined);
        await sent;
        return null;
      }),
      fetchMe: fromPromise<ConfirmedSession, FetchMeInput>(async ({ input, signal }) =>
        (await authApi()).meRequest(input.accessToken, signal, input.refresh),
      ),
      tabSync: tabSyncActor(channel),
      requestQueue: requestQueueActor,
      activityWatch: activityWatchActor,
      // The live connection: the session starts, pauses and stops it (its child `live`); none in the explorer's window.
      liveEvents: options.live === false ? silentLiveLogic() : sessionLiveLogic(),
    },
    actions: {
      persistSession: ({ context }) => {
        const session = sessionOf(context);
        if (session) writeSession(session);
      },
      clearStoredSession: () => clearSession(),
      // A lock restored at start (xstate.init) keeps the page recorded before the reload.
      persistLock: ({ event }) => writeLock(currentPath(), (event.type as string) === 'xstate.init'),
      rememberLockedPage: () => rememberLockedFrom(currentPath()),
      clearLock: () => clearLock(),
    },
  });

  const input = { stored: readStoredValues(), idleMs: options.idleMs ?? idleMsFromEnv(), signedOutAtProvider: takeSignedOutAtProvider() };
  const actor = createActor(machine, withInspect({ input }));
  actor.start();
  return {
    actor,
    dispose: () => {
      actor.stop();
      if (options.channel === undefined) channel?.close();
    },
  };
}

let current: ReturnType<typeof createSessionActor> | null = null;

/** The app's one session actor, started on first use from what storage holds. */
export function getSessionActor(): SessionActor {
  if (!current) {
    current = createSessionActor();
    publishSessionActor(current.actor);
  }
  return current.actor;
}

/**
 * Tests: makes `actor` the app's session actor (one from `createSessionHarness()` in
 * machines/testing/session-harness.ts), so components read and drive it as they would the real one.
 */
export function installSessionActor(actor: SessionActor): SessionActor {
  current?.dispose();
  current = { actor, dispose: () => actor.stop() };
  publishSessionActor(actor);
  return actor;
}

/** Tests: stops the session actor; the next `getSessionActor()` starts a fresh one from storage. */
export function resetSessionActor(): void {
  current?.dispose();
  current = null;
  publishSessionActor(null);
}

/** Stops the session actor and starts a fresh one from storage (tests, demo reset). */
export function restartSession(options: { idleMs?: number } = {}): SessionActor {
  current?.dispose();
  current = createSessionActor(options);
  publishSessionActor(current.actor);
  return current.actor;
}
