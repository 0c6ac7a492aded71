import { createActor, fromCallback, type AnyEventObject, type InspectionEvent } from 'xstate';
import { createRequestQueue } from '../session/request-queue';
import type { RequestQueueCommand } from '../session/request-queue';
import { sessionMachine } from '../session/session.machine';
import type {
  ConfirmedSession,
  ConfirmedUser,
  Credentials,
  FetchMeInput,
  LogoutInput,
  ProviderRenewalInput,
  ProviderToken,
  RefreshedToken,
  SessionEmitted,
} from '../session/session.types';
import { toStoredValues, type SessionData, type SessionUser, type StoredValues } from '../session/stored-session';
import { eventOfTabMessage, type TabMessage, type TabPost } from '../session/tab-protocol';
import { callbackActor, deferredActor } from './deferred';
import { fakeLiveConnection, type FakeLiveConnection } from './fake-live-connection';
import { flushMicrotasks } from './settle';

/**
 * One session for any test: the REAL session machine with deferred fake actors (every HTTP call waits
 * until the test answers it), fake tab-to-tab and activity actors, the real request queue, and the
 * storage actions recorded instead of written. No browser, no network, no `vi.mock('@/lib/session')`.
 *
 *   const session = await sessionIn('signedIn', { role: 4 });      // a confirmed user, active
 *   installSessionActor(session.actor);                              // component tests (src/lib/session)
 *   session.actor.send({ type: 'session.lock' });                    // drive it
 *   session.fakes.lock.last().resolve(null); await session.settle(); // answer its calls
 *
 * It lives in machines/testing (no React, no src/): machine tests use it directly; component tests hand
 * its actor to the app with `installSessionActor` from `@/lib/session`.
 */

export const DEMO_USER: SessionUser = {
  uid: '2',
  displayName: 'Adam Manager',
  about: '',
  photoURL: '',
  status: 'online',
  userRole: 'admin',
  email: 'admin@acme.example',
  providerId: 'mirage',
};

/** 2030-03-17: far enough ahead that no test clock reaches it by accident. */
export const FAR_EXPIRY = 1_900_000_000_000;

/** A sign-in of the embedded backend (role 2). */
export const BACKEND_SESSION: SessionData = {
  accessToken: 'token-1',
  sessionKey: 'key-1',
  tokenExpiry: FAR_EXPIRY,
  user: DEMO_USER,
  defaultRoleId: 2,
  roles: [2],
};

/** A sign-in through the identity provider (its ID token's expiry is what makes it one). */
export const PROVIDER_SESSION: SessionData = {
  ...BACKEND_SESSION,
  accessToken: 'provider-token-1',
  sessionKey: 'provider-sid',
  user: { ...DEMO_USER, providerId: 'oidc' },
  idTokenExpiry: FAR_EXPIRY,
};

/** What the server says about a session's user (GET /api/me, unlock). */
export const confirmedOf = (session: SessionData): ConfirmedUser => ({
  user: session.user,
  defaultRoleId: session.defaultRoleId,
  roles: session.roles,
});

export const NOTHING_STORED: StoredValues = {
  session_key: null,
  accessToken: null,
  'auth-values': null,
  userInfo: null,
  tokenExpiry: null,
  loggedIn: null,
  session_locked: null,
  idTokenExpiry: null,
};

/** What localStorage holds for a session (optionally locked). */
export function storedOf(session: SessionData, locked = false): StoredValues {
  return { ...NOTHING_STORED, ...toStoredValues(session), session_locked: locked ? 'true' : null };
}

/** A session of the given role (user record to match), for component tests that need "a role-4 user". */
export function sessionAs(role: 1 | 2 | 3 | 4, user: Partial<SessionUser> = {}): SessionData {
  return {
    ...BACKEND_SESSION,
    user: { ...DEMO_USER, userRole: role === 4 ? 'user' : 'admin', ...user },
    defaultRoleId: role,
    roles: [role],
  };
}

/** An error as the app's API client throws it: the HTTP status rides along. */
export const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export interface SessionHarnessOptions {
  /** What storage holds at start (default: nothing). */
  stored?: StoredValues;
  /** Idle time before the session locks itself (default 0: never). */
  idleMs?: number;
  /** Passed to the actor, e.g. the coverage recorder. */
  inspect?: (event: InspectionEvent) => void;
  /** The page came back from the provider's end-session page. */
  signedOutAtProvider?: boolean;
  /** The live connection the session runs while signed in (default: a fake stream that opens at once). */
  live?: FakeLiveConnection;
}

/** What the storage actions did, in order (`persistSession:<token>`, `clearStoredSession`, ...). */
export type StorageCall = string;

export function createSessionHarness(options: SessionHarnessOptions = {}) {
  const fakes = {
    login: deferredActor<SessionData, Credentials>(),
    refreshToken: deferredActor<RefreshedToken, { accessToken: string }>(),
    renewProvider: deferredActor<ProviderToken, ProviderRenewalInput>(),
    logout: deferredActor<null, LogoutInput>(),
    endProviderSession: deferredActor<null, undefined>(),
    unlock: deferredActor<ConfirmedUser | null, { accessToken: string | null; password: string }>(),
    lock: deferredActor<null, { accessToken: string | null }>(),
    fetchMe: deferredActor<ConfirmedSession, FetchMeInput>(),
  };
  const tabs = callbackActor<TabPost>();
  const activity = callbackActor();
  const live = options.live ?? fakeLiveConnection();
  const queue = createRequestQueue();
  let toMachine: ((event: AnyEventObject) => void) | null = null;
  const requestQueue = fromCallback<RequestQueueCommand>(({ sendBack, receive }) => {
    toMachine = sendBack;
    receive((command) => queue.apply(command));
    return () => {
      toMachine = null;
    };
  });
  const storage: StorageCall[] = [];

  const machine = sessionMachine.provide({
    actors: {
      login: fakes.login.logic,
      refreshToken: fakes.refreshToken.logic,
      renewProvider: fakes.renewProvider.logic,
      logout: fakes.logout.logic,
      endProviderSession: fakes.endProviderSession.logic,
      unlock: fakes.unlock.logic,
      lock: fakes.lock.logic,
      fetchMe: fakes.fetchMe.logic,
      tabSync: tabs.logic,
      requestQueue,
      activityWatch: activity.logic,
      liveEvents: live.logic,
    },
    actions: {
      persistSession: ({ context }) => void storage.push(`persistSession:${context.accessToken ?? ''}`),
      clearStoredSession: () => void storage.push('clearStoredSession'),
      persistLock: () => void storage.push('persistLock'),
      rememberLockedPage: () => void storage.push('rememberLockedPage'),
      clearLock: () => void storage.push('clearLock'),
    },
  });
  const actor = createActor(machine, {
    input: {
      stored: options.stored ?? NOTHING_STORED,
      idleMs: options.idleMs ?? 0,
      ...(options.signedOutAtProvider ? { signedOutAtProvider: true } : {}),
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  return {
    actor,
    /** The deferred fake of each promise actor: `fakes.fetchMe.last().resolve(...)`. */
    fakes,
    /** The fake tab-to-tab actor: what this tab posted is in `posted()`. */
    tabs,
    /** The fake activity watch. */
    activity,
    /** The live connection's fake stream: open (`running()`) while signed in and not locked; `push` an event. */
    live,
    /** The real request queue the fake `requests` actor owns. */
    queue,
    storage,
    emitted,
    /** Messages this tab posted to the other tabs. */
    posted(): TabMessage[] {
      return tabs.received.flatMap((post) => (post.message ? [post.message] : []));
    },
    /** A request failed with 401 carrying `failedToken`: it waits in the queue for the token to retry with. */
    unauthorized(failedToken: string): Promise<string> {
      if (!toMachine) throw new Error('the session is not running');
      const retried = queue.add(failedToken);
      toMachine({ type: 'session.unauthorized', failedToken });
      return retried;
    },
    /** A request got 423 from the server. */
    serverLocked(): void {
      toMachine?.({ type: 'session.server.locked' });
    },
    /** Another tab posted `message`. */
    fromOtherTab(message: TabMessage): void {
      actor.send(eventOfTabMessage(message));
    },
    /** Lets the fakes' answers and the machine's reactions run (works with fake timers too). */
    settle: () => flushMicrotasks(10),
    stop: () => actor.stop(),
  };
}

export type SessionHarness = ReturnType<typeof createSessionHarness>;

/** The states a component test usually needs. */
export type SessionScenario = 'signedOut' | 'confirming' | 'confirmFailed' | 'signedIn' | 'locked' | 'refreshing';

/**
 * A harness already in `scenario`, reached through the real machine (storage restored, the fakes
 * answered): `signedIn` is a session the server confirmed, `locked` a confirmed one on the lock screen.
 */
export async function sessionIn(
  scenario: SessionScenario,
  options: SessionHarnessOptions & { session?: SessionData; role?: 1 | 2 | 3 | 4; user?: Partial<SessionUser> } = {},
): Promise<SessionHarness> {
  const session = options.session ?? (options.role || options.user ? sessionAs(options.role ?? 2, options.user) : BACKEND_SESSION);
  if (scenario === 'signedOut') return createSessionHarness(options);
  const harness = createSessionHarness({ ...options, stored: storedOf(session) });
  if (scenario === 'confirming') return harness;
  if (scenario === 'confirmFailed') {
    harness.fakes.fetchMe.last().reject(new Error('Network error'));
    await harness.settle();
    return harness;
  }
  harness.fakes.fetchMe.last().resolve(confirmedOf(session));
  await harness.settle();
  if (scenario === 'locked') {
    harness.actor.send({ type: 'session.lock' });
    harness.fakes.lock.last().resolve(null);
    await harness.settle();
  }
  if (scenario === 'refreshing') void harness.unauthorized(session.accessToken).catch(() => undefined);
  return harness;
}
