import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  SessionExpiredError,
  SessionLockedError,
  sessionMachine,
  type ConfirmedSession,
  type ConfirmedUser,
  type Credentials,
  type QueuedRequest,
  type RefreshedToken,
  type SessionEmitted,
} from './session.machine';
import { MODEL_EVENTS, REAL_STATE, sessionModel, type ModelEvent, type ModelState } from './session.model';
import { toStoredValues, type SessionData, type StoredValues } from './stored-session';

const IDLE_MS = 60_000;

const SESSION: SessionData = {
  accessToken: 'token-1',
  sessionKey: 'key-1',
  tokenExpiry: 1_900_000_000_000,
  user: {
    uid: '2',
    displayName: 'Adam Manager',
    about: '',
    photoURL: '',
    status: 'online',
    userRole: 'admin',
    email: 'admin@acme.example',
    providerId: 'mirage',
  },
  defaultRoleId: 2,
  roles: [2],
};

/** What the server says about SESSION's user (GET /api/me, unlock). */
const CONFIRMED: ConfirmedUser = { user: SESSION.user, defaultRoleId: 2, roles: [2] };

/** An error as the app's API client throws it: the HTTP status rides along. */
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

const EMPTY: StoredValues = {
  session_key: null,
  accessToken: null,
  'auth-values': null,
  userInfo: null,
  tokenExpiry: null,
  loggedIn: null,
  session_locked: null,
};
const VALID: StoredValues = { ...EMPTY, ...toStoredValues(SESSION) };

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
}

function deferred<T>(signal: AbortSignal): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, signal };
}

/** The real machine with fake actors whose promises the test settles, and spies on every app action. */
function harness(stored: StoredValues = EMPTY, idleMs = IDLE_MS) {
  const calls = {
    login: [] as (Deferred<SessionData> & { input: Credentials })[],
    refresh: [] as (Deferred<RefreshedToken> & { input: { accessToken: string } })[],
    logout: [] as (Deferred<null> & { input: { accessToken: string | null } })[],
    unlock: [] as (Deferred<ConfirmedUser | null> & { input: { password: string } })[],
    lock: [] as (Deferred<null> & { input: { accessToken: string | null } })[],
    fetchMe: [] as (Deferred<ConfirmedSession> & { input: { accessToken: string } })[],
  };
  const spies = {
    persistSession: vi.fn(),
    clearStoredSession: vi.fn(),
    persistLock: vi.fn(),
    rememberLockedPage: vi.fn(),
    clearLock: vi.fn(),
    broadcastSignedIn: vi.fn(),
    broadcastSignedOut: vi.fn(),
    broadcastTokenRefreshed: vi.fn(),
    broadcastLocked: vi.fn(),
    broadcastUnlocked: vi.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<SessionData, Credentials>(({ input, signal }) => {
        const d = Object.assign(deferred<SessionData>(signal), { input });
        calls.login.push(d);
        return d.promise;
      }),
      refreshToken: fromPromise<RefreshedToken, { accessToken: string }>(({ input, signal }) => {
        const d = Object.assign(deferred<RefreshedToken>(signal), { input });
        calls.refresh.push(d);
        return d.promise;
      }),
      logout: fromPromise(({ input, signal }: { input: { accessToken: string | null }; signal: AbortSignal }) => {
        const d = Object.assign(deferred<null>(signal), { input });
        calls.logout.push(d);
        return d.promise;
      }),
      unlock: fromPromise(
        ({ input, signal }: { input: { accessToken: string | null; password: string }; signal: AbortSignal }) => {
          const d = Object.assign(deferred<ConfirmedUser | null>(signal), { input });
          calls.unlock.push(d);
          return d.promise;
        },
      ),
      lock: fromPromise(({ input, signal }: { input: { accessToken: string | null }; signal: AbortSignal }) => {
        const d = Object.assign(deferred<null>(signal), { input });
        calls.lock.push(d);
        return d.promise;
      }),
      fetchMe: fromPromise<ConfirmedSession, { accessToken: string }>(({ input, signal }) => {
        const d = Object.assign(deferred<ConfirmedSession>(signal), { input });
        calls.fetchMe.push(d);
        return d.promise;
      }),
    },
    actions: {
      persistSession: ({ context }) => spies.persistSession(context.accessToken),
      clearStoredSession: () => spies.clearStoredSession(),
      persistLock: () => spies.persistLock(),
      rememberLockedPage: () => spies.rememberLockedPage(),
      clearLock: () => spies.clearLock(),
      broadcastSignedIn: () => spies.broadcastSignedIn(),
      broadcastSignedOut: () => spies.broadcastSignedOut(),
      broadcastTokenRefreshed: ({ context }) => spies.broadcastTokenRefreshed(context.accessToken),
      broadcastLocked: () => spies.broadcastLocked(),
      broadcastUnlocked: () => spies.broadcastUnlocked(),
    },
  });
  const actor = createActor(machine, { input: { stored, idleMs } });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const last = <T>(list: T[]): T => {
    const item = list[list.length - 1];
    if (!item) throw new Error('no pending call');
    return item;
  };
  const request = (failedToken: string) => {
    let settled: { token?: string; error?: Error } | null = null;
    const entry: QueuedRequest & { outcome: () => typeof settled } = {
      failedToken,
      resolve: (token) => (settled = { token }),
      reject: (error) => (settled = { error }),
      outcome: () => settled,
    };
    actor.send({ type: 'session.unauthorized', request: entry });
    return entry;
  };
  return { actor, calls, spies, emitted, last, request };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

/** A restored session the server has confirmed: signed in and active. */
async function confirmedHarness(stored: StoredValues = VALID, idleMs = IDLE_MS) {
  const h = harness(stored, idleMs);
  h.last(h.calls.fetchMe).resolve(CONFIRMED);
  await settle();
  return h;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session machine, model-based', () => {
  type H = ReturnType<typeof harness>;
  let refreshCount = 0;

  /** Performs one abstract event on the real actor. */
  async function perform(h: H | null, event: ModelEvent): Promise<H> {
    switch (event.type) {
      case 'RESTORE_EMPTY':
        return harness(EMPTY);
      case 'RESTORE_VALID':
        return harness(VALID);
      case 'RESTORE_LOCKED':
        return harness({ ...VALID, session_locked: 'true' });
      case 'RESTORE_CORRUPT':
        return harness({ ...VALID, 'auth-values': '{"user_default_role_id":9}' });
    }
    if (!h) throw new Error(`${event.type} before start`);
    const { actor, calls, last } = h;
    switch (event.type) {
      case 'LOGIN':
        actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
        break;
      case 'LOGIN_OK':
        last(calls.login).resolve(SESSION);
        break;
      case 'LOGIN_FAIL':
        last(calls.login).reject(new Error('Email Or Password Invalid'));
        break;
      case 'LOGOUT':
        actor.send({ type: 'session.logout' });
        break;
      case 'LOGOUT_DONE':
        last(calls.logout).resolve(null);
        break;
      case 'LOGOUT_FAIL':
        last(calls.logout).reject(new Error('offline'));
        break;
      case 'LOCK':
        actor.send({ type: 'session.lock' });
        break;
      case 'IDLE':
        await vi.advanceTimersByTimeAsync(IDLE_MS);
        break;
      case 'ACTIVITY':
        actor.send({ type: 'session.activity' });
        break;
      case 'UNLOCK':
        actor.send({ type: 'session.unlock', password: 'demo1234' });
        break;
      case 'UNLOCK_OK':
        last(calls.unlock).resolve(CONFIRMED);
        break;
      case 'UNLOCK_OK_BARE':
        last(calls.unlock).resolve(null);
        break;
      case 'CONFIRM_OK':
        last(calls.fetchMe).resolve(CONFIRMED);
        break;
      case 'CONFIRM_LOCKED':
        last(calls.fetchMe).reject(httpError(423, 'Session locked'));
        break;
      case 'CONFIRM_EXPIRED':
        last(calls.fetchMe).reject(httpError(401, 'Invalid access token'));
        break;
      case 'CONFIRM_FAIL':
        last(calls.fetchMe).reject(new Error('Network error'));
        break;
      case 'RETRY':
        actor.send({ type: 'session.retry' });
        break;
      case 'LOCK_DONE':
        last(calls.lock).resolve(null);
        break;
      case 'LOCK_FAIL':
        last(calls.lock).reject(new Error('offline'));
        break;
      case 'SERVER_LOCKED':
        actor.send({ type: 'session.server.locked' });
        break;
      case 'REFRESH_LOCKED':
        last(calls.refresh).reject(httpError(423, 'Session locked'));
        break;
      case 'UNLOCK_FAIL':
        last(calls.unlock).reject(new Error('Wrong password'));
        break;
      case 'UNAUTHORIZED':
        h.request(actor.getSnapshot().context.accessToken ?? 'none');
        break;
      case 'STALE_UNAUTHORIZED':
        h.request('an-old-token');
        break;
      case 'REFRESH_OK':
        refreshCount += 1;
        last(calls.refresh).resolve({ accessToken: `refreshed-${refreshCount}`, tokenExpiry: 1_900_000_100_000 });
        break;
      case 'REFRESH_FAIL':
        last(calls.refresh).reject(new Error('Invalid refresh token'));
        break;
      case 'REMOTE_SIGNED_IN':
        actor.send({ type: 'session.remote.signedIn', session: SESSION });
        break;
      case 'REMOTE_SIGNED_OUT':
        actor.send({ type: 'session.remote.signedOut' });
        break;
      case 'REMOTE_LOCKED':
        actor.send({ type: 'session.remote.locked' });
        break;
      case 'REMOTE_UNLOCKED':
        actor.send({ type: 'session.remote.unlocked' });
        break;
      case 'ADOPT':
        actor.send({ type: 'session.adopt', session: { ...SESSION, accessToken: 'from-provider' } });
        break;
      case 'TOKEN_RENEWED':
        actor.send({ type: 'session.token.renewed', token: { accessToken: 'renewed', tokenExpiry: 1_900_000_400_000 } });
        break;
      case 'REMOTE_TOKEN':
        actor.send({ type: 'session.remote.tokenRefreshed', token: { accessToken: 'from-other-tab', tokenExpiry: 1_900_000_200_000 } });
        break;
    }
    await settle();
    return h;
  }

  // Every transition of the model: the shortest path to each state, then each event it accepts there.
  const toStates = getShortestPaths(sessionModel, { events: [...MODEL_EVENTS] });
  const cases: { name: string; events: ModelEvent[]; states: ModelState[] }[] = [];
  const edges = new Set<string>();
  for (const path of toStates) {
    const prefix = path.steps.map((s) => s.event).filter((e) => (e.type as string) !== 'xstate.init') as ModelEvent[];
    const prefixStates = path.steps.slice(1).map((s) => s.state.value as ModelState);
    for (const event of MODEL_EVENTS) {
      if (!path.state.can(event)) continue;
      const next = getNextSnapshot(sessionModel, path.state, event);
      const from = path.state.value as ModelState;
      edges.add(`${from} --${event.type}`);
      cases.push({
        name: `${from}${from === 'refreshing' ? `(from ${path.state.context.resume})` : ''} --${event.type}--> ${String(next.value)}`,
        events: [...prefix, event],
        states: [...prefixStates, next.value as ModelState],
      });
    }
  }

  it('covers every state and every transition of the model', () => {
    const reached = new Set(cases.flatMap((c) => c.states));
    expect([...reached].sort()).toEqual(Object.keys(REAL_STATE).sort());
    const declared = Object.entries(sessionModel.states).flatMap(([name, node]) =>
      Object.keys(node.config.on ?? {}).map((type) => `${name} --${type}`),
    );
    expect([...edges].sort()).toEqual(declared.sort());
  });

  it.each(cases)('$name', async ({ events, states }) => {
    let h: H | null = null;
    for (const [i, event] of events.entries()) {
      h = await perform(h, event);
      const expected = states[i] as Exclude<ModelState, 'start'>;
      expect(h.actor.getSnapshot().matches(REAL_STATE[expected]), `after ${event.type} expected ${expected}`).toBe(true);
    }
    h?.actor.stop();
  });
});

describe('session machine, focused', () => {
  it('restores a valid stored session only after the server confirms it', async () => {
    const h = harness(VALID);
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(h.actor.getSnapshot().context.confirmed).toBe(false);
    expect(h.calls.fetchMe[0]?.input).toEqual({ accessToken: 'token-1' });
    h.last(h.calls.fetchMe).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2 });
    expect(h.spies.clearStoredSession).not.toHaveBeenCalled();
  });

  it("a tampered stored role is replaced by the server's and written back", async () => {
    const h = harness({ ...VALID, 'auth-values': '{"user_default_role_id":1}' });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    h.last(h.calls.fetchMe).resolve({ ...CONFIRMED, defaultRoleId: 4, roles: [4], user: { ...SESSION.user, userRole: 'user' } });
    await settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 4, roles: [4] });
    expect(h.actor.getSnapshot().context.user?.userRole).toBe('user');
    expect(h.spies.persistSession).toHaveBeenCalledTimes(1);
  });

  it('confirming refreshes an expired stored token through fetchMe and stores the new one', async () => {
    const h = harness(VALID);
    h.last(h.calls.fetchMe).resolve({ ...CONFIRMED, token: { accessToken: 'token-2', tokenExpiry: 1_900_000_100_000 } });
    await settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ accessToken: 'token-2', tokenExpiry: 1_900_000_100_000 });
    expect(h.spies.persistSession).toHaveBeenCalledWith('token-2');
  });

  it('a 401 from the server while confirming ends the session as a failed refresh does', async () => {
    const h = harness(VALID);
    h.last(h.calls.fetchMe).reject(httpError(401, 'Invalid access token'));
    await settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.defaultRoleId).toBeNull();
    expect(h.spies.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(h.spies.broadcastSignedOut).toHaveBeenCalledTimes(1);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired' });
  });

  it('a 423 while confirming shows the lock screen, neither stored nor shared; no sign-out', async () => {
    const h = harness(VALID);
    h.last(h.calls.fetchMe).reject(httpError(423, 'Session locked'));
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);
    expect(h.spies.rememberLockedPage).toHaveBeenCalledTimes(1);
    expect(h.spies.persistLock).not.toHaveBeenCalled();
    expect(h.spies.broadcastLocked).not.toHaveBeenCalled();
    expect(h.spies.clearStoredSession).not.toHaveBeenCalled();
    // The unlock answer is the server's word on the user: active and confirmed.
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    h.last(h.calls.unlock).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.actor.getSnapshot().context.confirmed).toBe(true);
  });

  it('an unreachable server keeps the session unconfirmed until a retry succeeds; requests meanwhile fail', async () => {
    const h = harness(VALID);
    const waiting = h.request('token-1');
    expect(waiting.outcome()).toBeNull();
    h.last(h.calls.fetchMe).reject(new Error('Network error'));
    await settle();
    expect(h.actor.getSnapshot().matches('confirmFailed')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: false, error: 'auth.confirmFailed', errorMessage: 'Network error' });
    expect(waiting.outcome()?.error).toBeInstanceOf(SessionExpiredError);
    expect(h.spies.clearStoredSession).not.toHaveBeenCalled();
    h.actor.send({ type: 'session.retry' });
    expect(h.calls.fetchMe).toHaveLength(2);
    h.last(h.calls.fetchMe).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it("another tab's sign-in is confirmed by the server before it counts", async () => {
    const h = harness();
    h.actor.send({ type: 'session.remote.signedIn', session: { ...SESSION, defaultRoleId: 1, roles: [1] } });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(h.actor.getSnapshot().context.confirmed).toBe(false);
    h.last(h.calls.fetchMe).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2 });
  });

  it('locking tells the server; a restored lock does not ask again', async () => {
    const h = await confirmedHarness();
    h.actor.send({ type: 'session.lock' });
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'locking' } })).toBe(true);
    expect(h.calls.lock[0]?.input).toEqual({ accessToken: 'token-1' });
    h.last(h.calls.lock).resolve(null);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);

    // A password typed before the server answered the lock is not lost.
    const quick = await confirmedHarness();
    quick.actor.send({ type: 'session.lock' });
    quick.actor.send({ type: 'session.unlock', password: 'demo1234' });
    expect(quick.actor.getSnapshot().matches({ signedIn: { locked: 'unlocking' } })).toBe(true);
    expect(quick.last(quick.calls.unlock).input).toEqual({ accessToken: 'token-1', password: 'demo1234' });

    const restored = harness({ ...VALID, session_locked: 'true' });
    expect(restored.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);
    expect(restored.calls.lock).toHaveLength(0);
    expect(restored.calls.fetchMe).toHaveLength(0);
  });

  it('a 423 on any request sends an active session to the lock screen, never to sign-out', async () => {
    const h = await confirmedHarness();
    h.actor.send({ type: 'session.server.locked' });
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);
    expect(h.spies.rememberLockedPage).toHaveBeenCalledTimes(1);
    expect(h.spies.broadcastLocked).not.toHaveBeenCalled();
    expect(h.spies.clearStoredSession).not.toHaveBeenCalled();
  });

  it('a refresh refused with 423 goes to the lock screen and fails the queue as locked', async () => {
    const h = await confirmedHarness();
    const r = h.request('token-1');
    h.last(h.calls.refresh).reject(httpError(423, 'Session locked'));
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);
    expect(r.outcome()?.error).toBeInstanceOf(SessionLockedError);
    expect(h.spies.clearStoredSession).not.toHaveBeenCalled();
    expect(h.emitted).not.toContainEqual({ type: 'sessionExpired' });
  });

  it('a restored lock unlocked elsewhere is confirmed before it is active', async () => {
    const h = harness({ ...VALID, session_locked: 'true' });
    h.actor.send({ type: 'session.remote.unlocked' });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    h.last(h.calls.fetchMe).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it.each([
    ['auth-values not JSON', { 'auth-values': '{oops' }],
    ['unknown role', { 'auth-values': '{"user_default_role_id":7}' }],
    ['userInfo missing a field', { userInfo: '{"uid":"2"}' }],
    ['tokenExpiry not a number', { tokenExpiry: 'tomorrow' }],
    ['loggedIn not true', { loggedIn: 'yes' }],
    ['session key blank', { session_key: '  ' }],
    ['token missing', { accessToken: null }],
  ] as const)('corrupted storage (%s) is cleared and starts signed out', (_name, patch) => {
    const h = harness({ ...VALID, ...patch });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.accessToken).toBeNull();
    expect(h.spies.clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('signs in, persists, broadcasts and announces the user', async () => {
    const h = harness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(h.calls.login[0]?.input).toEqual({ username: 'admin', password: 'demo1234' });
    h.last(h.calls.login).resolve(SESSION);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.spies.persistSession).toHaveBeenCalledWith('token-1');
    expect(h.spies.broadcastSignedIn).toHaveBeenCalledTimes(1);
    expect(h.emitted).toContainEqual({ type: 'signedIn', user: SESSION.user, defaultRoleId: 2 });
  });

  it('a failed sign-in keeps the server message and announces it', async () => {
    const h = harness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'nope' });
    h.last(h.calls.login).reject(new Error('Email Or Password Invalid'));
    await settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.loginFailed');
    expect(h.emitted).toContainEqual({ type: 'loginFailed', message: 'Email Or Password Invalid' });
  });

  it('a sign-in attempt while signed in (or confirming) only warns', async () => {
    const confirming = harness(VALID);
    confirming.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(confirming.emitted).toContainEqual({ type: 'alreadySignedIn' });
    const h = await confirmedHarness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(h.calls.login).toHaveLength(0);
    expect(h.emitted).toContainEqual({ type: 'alreadySignedIn' });
  });

  it('50 concurrent 401s make exactly one refresh and every request gets the new token', async () => {
    const h = await confirmedHarness();
    const requests = Array.from({ length: 50 }, () => h.request('token-1'));
    expect(h.calls.refresh).toHaveLength(1);
    expect(h.calls.refresh[0]?.input).toEqual({ accessToken: 'token-1' });
    expect(h.actor.getSnapshot().context.queue).toHaveLength(50);
    h.last(h.calls.refresh).resolve({ accessToken: 'token-2', tokenExpiry: 1_900_000_100_000 });
    await settle();
    expect(requests.map((r) => r.outcome())).toEqual(Array.from({ length: 50 }, () => ({ token: 'token-2' })));
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.actor.getSnapshot().context.queue).toHaveLength(0);
    expect(h.spies.persistSession).toHaveBeenCalledWith('token-2');
    expect(h.spies.broadcastTokenRefreshed).toHaveBeenCalledWith('token-2');
  });

  it('a failing refresh rejects all 50 with "session expired", clears storage and signs out', async () => {
    const h = await confirmedHarness();
    const requests = Array.from({ length: 50 }, () => h.request('token-1'));
    h.last(h.calls.refresh).reject(new Error('Invalid refresh token'));
    await settle();
    for (const r of requests) expect(r.outcome()?.error).toBeInstanceOf(SessionExpiredError);
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.sessionExpired');
    expect(h.spies.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(h.spies.broadcastSignedOut).toHaveBeenCalledTimes(1);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired' });
  });

  it('signing out during a refresh aborts it and rejects the queue', async () => {
    const h = await confirmedHarness();
    const requests = Array.from({ length: 3 }, () => h.request('token-1'));
    const refresh = h.last(h.calls.refresh);
    expect(refresh.signal.aborted).toBe(false);
    h.actor.send({ type: 'session.logout' });
    expect(refresh.signal.aborted).toBe(true);
    for (const r of requests) expect(r.outcome()?.error).toBeInstanceOf(SessionExpiredError);
    expect(h.actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(h.calls.logout[0]?.input).toEqual({ accessToken: 'token-1' });
    // A refresh answer arriving after the abort changes nothing.
    refresh.resolve({ accessToken: 'late', tokenExpiry: 1 });
    h.last(h.calls.logout).resolve(null);
    await settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.accessToken).toBeNull();
  });

  it('a late 401 carrying a replaced token is retried with the current token, no second refresh', async () => {
    const h = await confirmedHarness();
    h.request('token-1');
    h.last(h.calls.refresh).resolve({ accessToken: 'token-2', tokenExpiry: 1_900_000_100_000 });
    await settle();
    const late = h.request('token-1');
    expect(late.outcome()).toEqual({ token: 'token-2' });
    expect(h.calls.refresh).toHaveLength(1);
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('a token refreshed in another tab ends this tab\'s refresh and serves its queue', async () => {
    const h = await confirmedHarness();
    const r = h.request('token-1');
    const refresh = h.last(h.calls.refresh);
    h.actor.send({ type: 'session.remote.tokenRefreshed', token: { accessToken: 'other-tab', tokenExpiry: 1_900_000_300_000 } });
    expect(r.outcome()).toEqual({ token: 'other-tab' });
    expect(refresh.signal.aborted).toBe(true);
    expect(h.actor.getSnapshot().context.accessToken).toBe('other-tab');
  });

  it('another tab signing out signs this one out without broadcasting back', async () => {
    const h = await confirmedHarness();
    h.actor.send({ type: 'session.remote.signedOut' });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.spies.clearStoredSession).toHaveBeenCalled();
    expect(h.spies.broadcastSignedOut).not.toHaveBeenCalled();
  });

  it('locks after the idle time, activity postpones it, and a refresh while locked returns to the lock', async () => {
    const h = await confirmedHarness();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    h.actor.send({ type: 'session.activity' });
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.actor.getSnapshot().matches({ signedIn: 'locked' })).toBe(true);
    expect(h.spies.persistLock).toHaveBeenCalledTimes(1);
    expect(h.calls.lock).toHaveLength(1);
    h.request('token-1');
    h.last(h.calls.refresh).resolve({ accessToken: 'token-2', tokenExpiry: 1_900_000_100_000 });
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'locked' })).toBe(true);
  });

  it('idle locking is off with idleMs 0', async () => {
    const h = await confirmedHarness(VALID, 0);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
  });

  it('unlocks with the right password only', async () => {
    const h = harness({ ...VALID, session_locked: 'true' });
    h.actor.send({ type: 'session.unlock', password: 'wrong' });
    h.last(h.calls.unlock).reject(new Error('Wrong password'));
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { locked: 'idle' } })).toBe(true);
    expect(h.emitted).toContainEqual({ type: 'unlockFailed', message: 'Wrong password' });
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    expect(h.last(h.calls.unlock).input).toEqual({ accessToken: 'token-1', password: 'demo1234' });
    h.last(h.calls.unlock).resolve(CONFIRMED);
    await settle();
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.spies.clearLock).toHaveBeenCalledTimes(1);
    expect(h.emitted).toContainEqual({ type: 'unlocked' });
  });

  it('adopts a session from the identity provider: stored, shared and announced like a sign-in', async () => {
    const h = harness();
    h.actor.send({ type: 'session.adopt', session: { ...SESSION, accessToken: 'from-provider' } });
    expect(h.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(h.spies.persistSession).toHaveBeenCalledWith('from-provider');
    expect(h.spies.broadcastSignedIn).toHaveBeenCalledTimes(1);
    expect(h.emitted).toContainEqual({ type: 'signedIn', user: SESSION.user, defaultRoleId: 2 });
    h.actor.send({ type: 'session.token.renewed', token: { accessToken: 'renewed', tokenExpiry: 1_900_000_400_000 } });
    expect(h.spies.persistSession).toHaveBeenLastCalledWith('renewed');
    expect(h.spies.broadcastTokenRefreshed).toHaveBeenCalledWith('renewed');
  });

  it('locking and unlocking are shared with the other tabs', async () => {
    const h = await confirmedHarness();
    h.actor.send({ type: 'session.lock' });
    expect(h.spies.broadcastLocked).toHaveBeenCalledTimes(1);
    h.last(h.calls.lock).resolve(null);
    await settle();
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    h.last(h.calls.unlock).resolve(null);
    await settle();
    expect(h.spies.broadcastUnlocked).toHaveBeenCalledTimes(1);

    const other = await confirmedHarness();
    other.actor.send({ type: 'session.remote.locked' });
    expect(other.actor.getSnapshot().matches({ signedIn: 'locked' })).toBe(true);
    // The tab that locked told the server; this one does not ask again.
    expect(other.calls.lock).toHaveLength(0);
    other.actor.send({ type: 'session.remote.unlocked' });
    expect(other.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(other.emitted).toContainEqual({ type: 'unlocked' });
    expect(other.spies.clearLock).not.toHaveBeenCalled();
  });

  it('rejects a 401 at once when signed out', async () => {
    const h = harness();
    const r = h.request('whatever');
    expect(r.outcome()?.error).toBeInstanceOf(SessionExpiredError);
    expect(h.calls.refresh).toHaveLength(0);
  });
});

describe('session machine, own profile changes', () => {
  it('takes the new name and photo at once and stores them, without asking the server again', async () => {
    const h = await confirmedHarness();
    h.spies.persistSession.mockClear();
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Adam M.', photoURL: 'data:image/jpeg;base64,AA' } });
    expect(h.actor.getSnapshot().context.user).toMatchObject({ displayName: 'Adam M.', photoURL: 'data:image/jpeg;base64,AA', email: 'admin@acme.example' });
    expect(h.spies.persistSession).toHaveBeenCalledTimes(1);
    expect(h.calls.fetchMe).toHaveLength(1);
  });

  it('ignores a profile change when nobody is signed in', () => {
    const h = harness(EMPTY);
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Nobody' } });
    expect(h.actor.getSnapshot().context.user).toBeNull();
    expect(h.spies.persistSession).not.toHaveBeenCalled();
  });
});
