import { createActor, fromPromise, type Actor } from 'xstate';
import {
  DEFAULT_IDLE_MS,
  sessionMachine,
  sessionOf,
  type ConfirmedSession,
  type ConfirmedUser,
  type Credentials,
  type RefreshedToken,
} from '@machines/session/session.machine';
import type { SessionData } from '@machines/session/stored-session';
import { configureApiClient } from '../api-client';
import { silentRenewalMachine, type RenewedToken } from '@machines/session/identity.machine';
import { lockRequest, loginRequest, logoutRequest, meRequest, refreshTokenRequest, unlockRequest } from './auth-api';
import { oidcSettings, renewOidcSilently } from './oidc';
import { clearLock, clearSession, readStoredValues, rememberLockedFrom, writeLock, writeSession } from './storage';

export type SessionActor = Actor<typeof sessionMachine>;

type TabMessage =
  | { type: 'signedIn'; session: SessionData }
  | { type: 'signedOut' }
  | { type: 'tokenRefreshed'; token: RefreshedToken }
  | { type: 'locked' }
  | { type: 'unlocked' };

const CHANNEL_NAME = 'service-unit-admin-session';

export function idleMsFromEnv(minutes: string | undefined = import.meta.env.VITE_IDLE_LOCK_MINUTES): number {
  if (minutes === undefined || minutes.trim() === '') return DEFAULT_IDLE_MS;
  const n = Number(minutes);
  return Number.isFinite(n) && n >= 0 ? n * 60_000 : DEFAULT_IDLE_MS;
}

function currentPath(): string {
  const loc = globalThis.location;
  return loc ? `${loc.pathname}${loc.search}` : '/';
}

/** The session machine with the app's storage, HTTP calls and tab-to-tab messages plugged in. */
export function createSessionActor(options: { idleMs?: number; channel?: BroadcastChannel | null } = {}): {
  actor: SessionActor;
  dispose: () => void;
} {
  const channel =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(CHANNEL_NAME)
        : null;
  const post = (message: TabMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // a closed channel: the other tabs still see the storage event
    }
  };

  // The lock call already sent lands before any unlock call: else the server could end up locked
  // after the unlock (the machine lets a quick password through while the lock call is on its way).
  let lockInFlight: Promise<unknown> = Promise.resolve();

  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<SessionData, Credentials>(({ input, signal }) => loginRequest(input, signal)),
      refreshToken: fromPromise<RefreshedToken, { accessToken: string }>(({ input, signal }) =>
        refreshTokenRequest(input.accessToken, signal),
      ),
      logout: fromPromise<null, { accessToken: string | null }>(async ({ input }) => {
        await logoutRequest(input.accessToken);
        return null;
      }),
      unlock: fromPromise<ConfirmedUser | null, { accessToken: string | null; password: string }>(async ({ input, signal }) => {
        await lockInFlight;
        return unlockRequest(input.password, signal);
      }),
      // Not aborted when the machine moves on: once sent, the lock must land before the unlock.
      lock: fromPromise<null, { accessToken: string | null }>(async ({ input }) => {
        const sent = lockRequest(input.accessToken);
        lockInFlight = sent.catch(() => undefined);
        await sent;
        return null;
      }),
      fetchMe: fromPromise<ConfirmedSession, { accessToken: string }>(({ input, signal }) => meRequest(input.accessToken, signal)),
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
      broadcastSignedIn: ({ context }) => {
        const session = sessionOf(context);
        if (session) post({ type: 'signedIn', session });
      },
      broadcastSignedOut: () => post({ type: 'signedOut' }),
      broadcastLocked: () => post({ type: 'locked' }),
      broadcastUnlocked: () => post({ type: 'unlocked' }),
      broadcastTokenRefreshed: ({ context }) => {
        if (context.accessToken && context.tokenExpiry !== null) {
          post({ type: 'tokenRefreshed', token: { accessToken: context.accessToken, tokenExpiry: context.tokenExpiry } });
        }
      },
    },
  });

  const actor = createActor(machine, {
    input: { stored: readStoredValues(), idleMs: options.idleMs ?? idleMsFromEnv() },
  });

  const onMessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.type === 'signedOut') actor.send({ type: 'session.remote.signedOut' });
    else if (message.type === 'signedIn') actor.send({ type: 'session.remote.signedIn', session: message.session });
    else if (message.type === 'tokenRefreshed') actor.send({ type: 'session.remote.tokenRefreshed', token: message.token });
    else if (message.type === 'locked') actor.send({ type: 'session.remote.locked' });
    else if (message.type === 'unlocked') actor.send({ type: 'session.remote.unlocked' });
  };
  channel?.addEventListener('message', onMessage);
  // The lock flag in storage is the shared truth: a tab that missed a message still follows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== 'session_locked') return;
    actor.send({ type: event.newValue === 'true' ? 'session.remote.locked' : 'session.remote.unlocked' });
  };
  globalThis.addEventListener?.('storage', onStorage);

  // Any user activity restarts the idle timer; throttled so mouse moves do not flood the machine.
  let lastActivity = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastActivity < 1000) return;
    lastActivity = now;
    actor.send({ type: 'session.activity' });
  };
  const activityEvents = ['pointerdown', 'keydown', 'mousemove', 'wheel', 'touchstart'] as const;
  for (const name of activityEvents) globalThis.addEventListener?.(name, onActivity, { passive: true });

  configureApiClient({
    onUnauthorized: (failedToken) =>
      new Promise<string>((resolve, reject) => {
        actor.send({ type: 'session.unauthorized', request: { failedToken, resolve, reject } });
      }),
    onLocked: () => actor.send({ type: 'session.server.locked' }),
  });

  // A session from the identity provider renews its token silently before it expires.
  const oidc = oidcSettings();
  let renewal: Actor<typeof silentRenewalMachine> | null = null;
  const stopRenewal = () => {
    renewal?.stop();
    renewal = null;
  };
  const snapshotSub = oidc
    ? actor.subscribe((snapshot) => {
        const fromProvider = snapshot.context.user?.providerId === 'oidc' && snapshot.context.tokenExpiry !== null;
        if (!fromProvider || snapshot.matches('signedOut') || snapshot.matches('signingOut')) {
          stopRenewal();
          return;
        }
        if (renewal) return;
        renewal = createActor(
          silentRenewalMachine.provide({
            actors: { renewSilently: fromPromise<RenewedToken>(() => renewOidcSilently(oidc)) },
          }),
          { input: { expiresAt: snapshot.context.tokenExpiry ?? Date.now(), now: Date.now() } },
        );
        renewal.on('renewed', ({ token }) =>
          actor.send({ type: 'session.token.renewed', token: { accessToken: token.accessToken, tokenExpiry: token.expiresAt } }),
        );
        renewal.start();
      })
    : null;

  actor.start();
  return {
    actor,
    dispose: () => {
      snapshotSub?.unsubscribe();
      stopRenewal();
      actor.stop();
      channel?.removeEventListener('message', onMessage);
      globalThis.removeEventListener?.('storage', onStorage);
      if (options.channel === undefined) channel?.close();
      for (const name of activityEvents) globalThis.removeEventListener?.(name, onActivity);
      configureApiClient({ onUnauthorized: null, onLocked: null });
    },
  };
}

let current: ReturnType<typeof createSessionActor> | null = null;

/** The app's one session actor, started on first use from what storage holds. */
export function getSessionActor(): SessionActor {
  current ??= createSessionActor();
  return current.actor;
}

/** Stops the session actor and starts a fresh one from storage (tests, demo reset). */
export function restartSession(options: { idleMs?: number } = {}): SessionActor {
  current?.dispose();
  current = createSessionActor(options);
  return current.actor;
}
