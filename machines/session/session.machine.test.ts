import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKEND_SESSION,
  confirmedOf,
  createSessionHarness,
  FAR_EXPIRY,
  httpError,
  PROVIDER_SESSION,
  sessionIn,
  storedOf,
  type SessionHarness,
} from '../testing/session-harness';
import { RENEWAL_LEAD_MS } from './delays';
import { SessionExpiredError, SessionLockedError } from './session.errors';
import type { TabMessage } from './tab-protocol';
import type { SessionData } from './stored-session';

const IDLE_MS = 60_000;
const CONFIRMED = confirmedOf(BACKEND_SESSION);
const VALID = storedOf(BACKEND_SESSION);
const LOCKED = storedOf(BACKEND_SESSION, true);

/** What a queued request ended with. */
function outcome(promise: Promise<string>) {
  const result: { token?: string; error?: unknown } = {};
  promise.then(
    (token) => (result.token = token),
    (error: unknown) => (result.error = error),
  );
  return result;
}

/** A restored session the server has confirmed: signed in and active. */
async function confirmed(stored = VALID, idleMs = IDLE_MS): Promise<SessionHarness> {
  const h = createSessionHarness({ stored, idleMs });
  h.fakes.fetchMe.last().resolve(stored === VALID || stored === LOCKED ? CONFIRMED : confirmedOf(PROVIDER_SESSION));
  await h.settle();
  return h;
}

/** A provider session just back from /callback, its role confirmed by the server. */
async function providerSession(session: SessionData = PROVIDER_SESSION, idleMs = 0): Promise<SessionHarness> {
  const h = createSessionHarness({ idleMs });
  h.actor.send({ type: 'session.provider.signedIn', session });
  h.fakes.fetchMe.last().resolve(confirmedOf(session));
  await h.settle();
  return h;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restoring and confirming', () => {
  it('restores a valid stored session only after the server confirms it', async () => {
    const h = createSessionHarness({ stored: VALID });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(h.actor.getSnapshot().context.confirmed).toBe(false);
    expect(h.fakes.fetchMe.last().input).toEqual({ accessToken: 'token-1', refresh: true });
    h.fakes.fetchMe.last().resolve(CONFIRMED);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active', token: 'valid' } })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2 });
    expect(h.storage).not.toContain('clearStoredSession');
  });

  it("a tampered stored role is replaced by the server's and written back", async () => {
    const h = createSessionHarness({ stored: { ...VALID, 'auth-values': '{"user_default_role_id":1}' } });
    h.fakes.fetchMe.last().resolve({ ...CONFIRMED, defaultRoleId: 4, roles: [4], user: { ...BACKEND_SESSION.user, userRole: 'user' } });
    await h.settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 4, roles: [4] });
    expect(h.storage).toEqual(['persistSession:token-1']);
  });

  it('confirming refreshes an expired stored token through fetchMe and stores the new one', async () => {
    const h = createSessionHarness({ stored: VALID });
    h.fakes.fetchMe.last().resolve({ ...CONFIRMED, token: { accessToken: 'token-2', tokenExpiry: FAR_EXPIRY + 1 } });
    await h.settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ accessToken: 'token-2', tokenExpiry: FAR_EXPIRY + 1 });
    expect(h.storage).toContain('persistSession:token-2');
  });

  it('a 401 while confirming ends the session with the notice, everywhere', async () => {
    const h = createSessionHarness({ stored: VALID });
    h.fakes.fetchMe.last().reject(httpError(401, 'Invalid access token'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.storage).toContain('clearStoredSession');
    expect(h.posted()).toEqual([{ type: 'signedOut' }]);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'expired' });
  });

  it('a 423 while confirming shows the lock screen, neither stored nor shared; no sign-out', async () => {
    const h = createSessionHarness({ stored: VALID });
    const waiting = outcome(h.unauthorized('token-1'));
    h.fakes.fetchMe.last().reject(httpError(423, 'Session locked'));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'idle' } } })).toBe(true);
    expect(h.storage).toEqual(['rememberLockedPage']);
    expect(h.posted()).toEqual([]);
    expect(waiting.error).toBeInstanceOf(SessionLockedError);
  });

  it('an unreachable server: nothing confirmed, retry asks again', async () => {
    const h = createSessionHarness({ stored: VALID });
    h.fakes.fetchMe.last().reject(new Error('Network error'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('confirmFailed')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'auth.confirmFailed', errorMessage: 'Network error', confirmed: false });
    h.actor.send({ type: 'session.retry' });
    expect(h.fakes.fetchMe.calls).toHaveLength(2);
    h.fakes.fetchMe.last().resolve(CONFIRMED);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
  });

  it.each([
    ['auth-values not JSON', { 'auth-values': '{oops' }],
    ['unknown role', { 'auth-values': '{"user_default_role_id":7}' }],
    ['userInfo missing a field', { userInfo: '{"uid":"2"}' }],
    ['tokenExpiry not a number', { tokenExpiry: 'tomorrow' }],
    ['idTokenExpiry not a number', { idTokenExpiry: 'soon' }],
    ['loggedIn not true', { loggedIn: 'yes' }],
    ['session key blank', { session_key: '  ' }],
    ['token missing', { accessToken: null }],
  ] as const)('corrupted storage (%s) is cleared and starts signed out', (_name, patch) => {
    const h = createSessionHarness({ stored: { ...VALID, ...patch } });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.storage).toEqual(['clearStoredSession']);
  });

  it("another tab's sign-in is confirmed by the server before it counts", async () => {
    const h = createSessionHarness();
    h.fromOtherTab({ type: 'signedIn', session: { ...BACKEND_SESSION, defaultRoleId: 1, roles: [1] } });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    h.fakes.fetchMe.last().resolve(CONFIRMED);
    await h.settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2 });
  });
});

describe('signing in and out', () => {
  it('signs in, persists, tells the other tabs and announces the user', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(h.fakes.login.last().input).toEqual({ username: 'admin', password: 'demo1234' });
    h.fakes.login.last().resolve(BACKEND_SESSION);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active', token: 'valid' } })).toBe(true);
    expect(h.storage).toEqual(['persistSession:token-1']);
    expect(h.posted()).toEqual([{ type: 'signedIn', session: BACKEND_SESSION }]);
    expect(h.emitted).toContainEqual({ type: 'signedIn', user: BACKEND_SESSION.user, defaultRoleId: 2 });
  });

  it('a failed sign-in keeps the server message and announces it', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'nope' });
    h.fakes.login.last().reject(new Error('Email Or Password Invalid'));
    await h.settle();
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'auth.loginFailed', errorMessage: 'Email Or Password Invalid' });
    expect(h.emitted).toContainEqual({ type: 'loginFailed', message: 'Email Or Password Invalid' });
  });

  it('sign-ins refused as too many wait until the server checks a password again, or until the next submission', async () => {
    const h = createSessionHarness();
    const throttled = async () => {
      h.actor.send({ type: 'session.login', username: 'admin', password: 'nope' });
      h.fakes.login.last().reject(new Error('Too many sign-in attempts. Try again in 90 seconds.'));
      await h.settle();
    };
    await throttled();
    expect(h.actor.getSnapshot().matches({ signedOut: 'throttled' })).toBe(true);
    expect(h.actor.getSnapshot().context.signInRetryAt).toBe(Date.now() + 90_000);
    expect(h.emitted).toContainEqual({ type: 'loginFailed', message: 'Too many sign-in attempts. Try again in 90 seconds.' });
    await vi.advanceTimersByTimeAsync(89_999);
    expect(h.actor.getSnapshot().matches({ signedOut: 'throttled' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().matches({ signedOut: 'ready' })).toBe(true);
    expect(h.actor.getSnapshot().context.signInRetryAt).toBeNull();

    await throttled();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'again' });
    expect(h.actor.getSnapshot().matches('signingIn')).toBe(true);
    expect(h.actor.getSnapshot().context.signInRetryAt).toBeNull();
    h.fakes.login.last().reject(new Error('Email Or Password Invalid'));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedOut: 'ready' })).toBe(true);
  });

  it('a sign-in attempt while signed in (or confirming) only warns', async () => {
    const confirming = createSessionHarness({ stored: VALID });
    confirming.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(confirming.emitted).toContainEqual({ type: 'alreadySignedIn' });
    const h = await confirmed();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(h.fakes.login.calls).toHaveLength(0);
    expect(h.emitted).toContainEqual({ type: 'alreadySignedIn' });
  });

  it('signing out clears storage at once, tells the other tabs and the app (to /login), revokes the token, then says so', async () => {
    const h = await confirmed();
    h.actor.send({ type: 'session.logout' });
    expect(h.storage).toContain('clearStoredSession');
    expect(h.posted()).toEqual([{ type: 'signedOut' }]);
    expect(h.emitted).toContainEqual({ type: 'signedOut', to: '/login', endsProviderSession: false });
    expect(h.fakes.logout.last().input).toEqual({ accessToken: 'token-1' });
    h.fakes.logout.last().reject(new Error('offline'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ accessToken: null, notice: 'auth.signedOut' });
    // A backend session has nothing to end at a provider.
    expect(h.fakes.endProviderSession.calls).toHaveLength(0);
    // The next sign-in clears the notice.
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    expect(h.actor.getSnapshot().context.notice).toBeNull();
  });

  it('another tab signing out signs this one out without broadcasting back', async () => {
    const h = await confirmed();
    h.fromOtherTab({ type: 'signedOut' });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.storage).toContain('clearStoredSession');
    expect(h.posted()).toEqual([]);
  });
});

describe('the token region: one refresh for any number of 401s', () => {
  it('50 concurrent 401s make exactly one refresh and every request gets the new token', async () => {
    const h = await confirmed();
    const requests = Array.from({ length: 50 }, () => outcome(h.unauthorized('token-1')));
    expect(h.fakes.refreshToken.calls).toHaveLength(1);
    expect(h.fakes.refreshToken.last().input).toEqual({ accessToken: 'token-1' });
    expect(h.queue.size).toBe(50);
    // The waiting requests are not in the snapshot: it stays plain, serialisable data.
    expect(() => JSON.stringify(h.actor.getPersistedSnapshot())).not.toThrow();
    expect(JSON.stringify(h.actor.getSnapshot().context)).not.toContain('resolve');
    h.fakes.refreshToken.last().resolve({ accessToken: 'token-2', tokenExpiry: FAR_EXPIRY + 1 });
    await h.settle();
    expect(requests.map((r) => r.token)).toEqual(Array.from({ length: 50 }, () => 'token-2'));
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
    expect(h.queue.size).toBe(0);
    expect(h.storage).toContain('persistSession:token-2');
    expect(h.posted()).toContainEqual({ type: 'tokenRefreshed', token: { accessToken: 'token-2', tokenExpiry: FAR_EXPIRY + 1 } });
  });

  it('a failing refresh rejects every waiting request, clears storage and ends the session with a notice', async () => {
    const h = await confirmed();
    const requests = Array.from({ length: 5 }, () => outcome(h.unauthorized('token-1')));
    h.fakes.refreshToken.last().reject(httpError(401, 'Invalid refresh token'));
    await h.settle();
    for (const r of requests) expect(r.error).toBeInstanceOf(SessionExpiredError);
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.sessionExpired');
    expect(h.posted()).toEqual([{ type: 'signedOut' }]);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'expired' });
  });

  it('a refresh refused with 423 locks the screen and fails the queue as locked', async () => {
    const h = await confirmed();
    const r = outcome(h.unauthorized('token-1'));
    h.fakes.refreshToken.last().reject(httpError(423, 'Session locked'));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'idle' }, token: 'valid' } })).toBe(true);
    expect(r.error).toBeInstanceOf(SessionLockedError);
    expect(h.storage).not.toContain('clearStoredSession');
  });

  it('signing out during a refresh aborts it and rejects the queue', async () => {
    const h = await confirmed();
    const requests = Array.from({ length: 3 }, () => outcome(h.unauthorized('token-1')));
    const refresh = h.fakes.refreshToken.last();
    h.actor.send({ type: 'session.logout' });
    expect(refresh.signal.aborted).toBe(true);
    await h.settle();
    for (const r of requests) expect(r.error).toBeInstanceOf(SessionExpiredError);
    refresh.resolve({ accessToken: 'late', tokenExpiry: 1 });
    h.fakes.logout.last().resolve(null);
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.accessToken).toBeNull();
  });

  it('a late 401 carrying a replaced token is retried with the current token, no second refresh', async () => {
    const h = await confirmed();
    void h.unauthorized('token-1');
    h.fakes.refreshToken.last().resolve({ accessToken: 'token-2', tokenExpiry: FAR_EXPIRY });
    await h.settle();
    const late = outcome(h.unauthorized('token-1'));
    await h.settle();
    expect(late.token).toBe('token-2');
    expect(h.fakes.refreshToken.calls).toHaveLength(1);
  });

  it("a token refreshed in another tab ends this tab's refresh and serves its queue", async () => {
    const h = await confirmed();
    const r = outcome(h.unauthorized('token-1'));
    const refresh = h.fakes.refreshToken.last();
    h.fromOtherTab({ type: 'tokenRefreshed', token: { accessToken: 'other-tab', tokenExpiry: FAR_EXPIRY } });
    await h.settle();
    expect(r.token).toBe('other-tab');
    expect(refresh.signal.aborted).toBe(true);
    expect(h.actor.getSnapshot().context.accessToken).toBe('other-tab');
  });

  it('a lock and an unlock during a refresh are no longer lost (the regions are parallel)', async () => {
    const h = await confirmed();
    const r = outcome(h.unauthorized('token-1'));
    h.actor.send({ type: 'session.lock' });
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'locking' }, token: 'refreshing' } })).toBe(true);
    h.fakes.lock.last().resolve(null);
    await h.settle();
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'unlocking' }, token: 'refreshing' } })).toBe(true);
    // The refresh answers while the password is being checked: the check goes on.
    h.fakes.refreshToken.last().resolve({ accessToken: 'token-2', tokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(r.token).toBe('token-2');
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'unlocking' }, token: 'valid' } })).toBe(true);
    expect(h.fakes.unlock.last().signal.aborted).toBe(false);
    h.fakes.unlock.last().resolve(CONFIRMED);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active', token: 'valid' } })).toBe(true);
  });

  it('a backend token past its expiry waits for the next 401 to refresh', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.login', username: 'admin', password: 'demo1234' });
    h.fakes.login.last().resolve({ ...BACKEND_SESSION, tokenExpiry: Date.now() + 2000 });
    await h.settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'expired' } })).toBe(true);
    expect(h.fakes.refreshToken.calls).toHaveLength(0);
    void h.unauthorized('token-1');
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'refreshing' } })).toBe(true);
  });

  it('rejects a 401 at once when signed out', async () => {
    const h = createSessionHarness();
    const r = outcome(h.unauthorized('whatever'));
    await h.settle();
    expect(r.error).toBeInstanceOf(SessionExpiredError);
    expect(h.fakes.refreshToken.calls).toHaveLength(0);
  });
});

describe('the access region: idle and server locks', () => {
  it('locking tells the server; a quick password is not lost; a restored lock does not ask again', async () => {
    const h = await confirmed();
    h.actor.send({ type: 'session.lock' });
    expect(h.fakes.lock.last().input).toEqual({ accessToken: 'token-1' });
    expect(h.posted()).toEqual([{ type: 'locked' }]);
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'unlocking' } } })).toBe(true);

    const restored = createSessionHarness({ stored: LOCKED });
    expect(restored.actor.getSnapshot().matches({ signedIn: { access: { locked: 'idle' } } })).toBe(true);
    expect(restored.fakes.lock.calls).toHaveLength(0);
    expect(restored.fakes.fetchMe.calls).toHaveLength(0);
  });

  it('a 423 on any request sends an active session to the lock screen, never to sign-out', async () => {
    const h = await confirmed();
    h.serverLocked();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: { locked: 'idle' } } })).toBe(true);
    expect(h.storage).toContain('rememberLockedPage');
    expect(h.posted()).toEqual([]);
  });

  it('locks after the idle time; activity postpones it', async () => {
    const h = await confirmed();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    h.actor.send({ type: 'session.activity' });
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'locked' } })).toBe(true);
    expect(h.storage).toContain('persistLock');
    expect(h.fakes.lock.calls).toHaveLength(1);
  });

  it('the activity watch runs while signed in; idle locking is off with idleMs 0', async () => {
    const h = await confirmed(VALID, 0);
    expect(h.activity.running()).toBe(1);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    h.actor.send({ type: 'session.logout' });
    expect(h.activity.running()).toBe(0);
  });

  it('unlocks with the right password only', async () => {
    const h = createSessionHarness({ stored: LOCKED });
    h.actor.send({ type: 'session.unlock', password: 'wrong' });
    h.fakes.unlock.last().reject(new Error('Wrong password'));
    await h.settle();
    expect(h.emitted).toContainEqual({ type: 'unlockFailed', message: 'Wrong password' });
    h.actor.send({ type: 'session.unlock', password: 'demo1234' });
    expect(h.fakes.unlock.last().input).toEqual({ accessToken: 'token-1', password: 'demo1234' });
    h.fakes.unlock.last().resolve(CONFIRMED);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    expect(h.storage).toContain('clearLock');
    expect(h.posted()).toEqual([{ type: 'unlocked' }]);
  });

  it('locks and unlocks of another tab are followed without calling the server', async () => {
    const h = await confirmed();
    h.fromOtherTab({ type: 'locked' });
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'locked' } })).toBe(true);
    expect(h.fakes.lock.calls).toHaveLength(0);
    h.fromOtherTab({ type: 'unlocked' });
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    expect(h.emitted).toContainEqual({ type: 'unlocked' });

    const restored = createSessionHarness({ stored: LOCKED });
    restored.fromOtherTab({ type: 'unlocked' });
    expect(restored.actor.getSnapshot().matches('confirming')).toBe(true);
  });
});

describe('identity provider sessions', () => {
  it('a session back from /callback is stored, shared, announced, and its role confirmed by the server', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.signedIn', session: { ...PROVIDER_SESSION, defaultRoleId: 4, roles: [4] } });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(h.storage).toEqual(['persistSession:provider-token-1']);
    expect(h.posted()).toEqual([{ type: 'signedIn', session: { ...PROVIDER_SESSION, defaultRoleId: 4, roles: [4] } }]);
    expect(h.emitted).toContainEqual({ type: 'signedIn', user: PROVIDER_SESSION.user, defaultRoleId: 4 });
    // The provider's token is never exchanged at /api/auth/refresh-token, not even by GET /api/me.
    expect(h.fakes.fetchMe.last().input).toEqual({ accessToken: 'provider-token-1', refresh: false });
    h.fakes.fetchMe.last().resolve(confirmedOf(PROVIDER_SESSION));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active', token: 'valid' } })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2, idTokenExpiry: FAR_EXPIRY });
  });

  it('a provider session is never locked (no password here to unlock with), by hand or when idle', async () => {
    const h = await providerSession(PROVIDER_SESSION, IDLE_MS);
    expect(h.actor.getSnapshot().can({ type: 'session.lock' })).toBe(false);
    h.actor.send({ type: 'session.lock' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    expect(h.fakes.lock.calls).toHaveLength(0);
  });

  it('an expired ID token is refused: nothing stored, a translated error', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.signedIn', session: { ...PROVIDER_SESSION, idTokenExpiry: Date.now() - 1 } });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.providerTokenExpired');
    expect(h.storage).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'providerSignInRefused' });
  });

  it.each([
    ['a callback error', 'access_denied'],
    ['a state mismatch', 'state_mismatch'],
  ])('%s at /callback stays signed out with the error name', (_name, error) => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.failed', error });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'auth.providerFailed', errorMessage: error });
    expect(h.emitted).toContainEqual({ type: 'providerSignInFailed', error });
  });

  it('a 401 in a provider session renews through the provider, never /api/auth/refresh-token', async () => {
    const h = await providerSession();
    const r = outcome(h.unauthorized('provider-token-1'));
    expect(h.fakes.refreshToken.calls).toHaveLength(0);
    expect(h.fakes.renewProvider.last().input).toEqual({ accessToken: 'provider-token-1', reason: 'unauthorized' });
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 });
    await h.settle();
    expect(r.token).toBe('provider-token-2');
    expect(h.actor.getSnapshot().context).toMatchObject({ tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 });
    expect(h.posted()).toContainEqual({
      type: 'tokenRefreshed',
      token: { accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 },
    });
  });

  it('renews a minute before the token expires', async () => {
    const h = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: Date.now() + 10 * 60_000 });
    await vi.advanceTimersByTimeAsync(9 * 60_000 - 1);
    expect(h.fakes.renewProvider.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fakes.renewProvider.last().input.reason).toBe('expiring');
    expect(RENEWAL_LEAD_MS).toBe(60_000);
  });

  it('a failed renewal is retried once, then the session ends with the renewal notice', async () => {
    const h = await providerSession();
    const r = outcome(h.unauthorized('provider-token-1'));
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { token: { renewingSilently: 'retry' } } })).toBe(true);
    expect(h.fakes.renewProvider.calls).toHaveLength(2);
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.renewalFailed');
    expect(r.error).toBeInstanceOf(SessionExpiredError);
    expect(h.storage).toContain('clearStoredSession');
    expect(h.posted()).toContainEqual({ type: 'signedOut' });
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'renewalFailed' });
  });

  it('a retry that succeeds keeps the session', async () => {
    const h = await providerSession();
    void h.unauthorized('provider-token-1');
    h.fakes.renewProvider.last().reject(new Error('network'));
    await h.settle();
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
  });

  it('a restored provider session is renewed at start before the server confirms it; GET /api/me never refreshes it', async () => {
    const h = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    expect(h.actor.getSnapshot().matches({ confirming: { renewing: 'attempt' } })).toBe(true);
    expect(h.fakes.renewProvider.last().input).toEqual({ accessToken: 'provider-token-1', reason: 'start' });
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(h.fakes.fetchMe.last().input).toEqual({ accessToken: 'provider-token-2', refresh: false });
  });

  it('two tabs restored at once: the start renewal is shared, so the tab still confirming stores the newer token, not its own older one', async () => {
    // Tab B was restored first and is asking the server about provider-token-2 (its own start renewal).
    const b = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    b.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await b.settle();
    expect(b.actor.getSnapshot().matches({ confirming: 'asking' })).toBe(true);
    // Tab A renews at start too (after B's renewal: the provider rotated to provider-token-3) and tells the other tabs.
    const a = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    a.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-3', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 1 });
    await a.settle();
    const shared = a.posted().find((message) => message.type === 'tokenRefreshed');
    expect(shared).toEqual({
      type: 'tokenRefreshed',
      token: { accessToken: 'provider-token-3', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 1 },
    });
    if (shared) b.fromOtherTab(shared);
    // B's answer arrives after A's token: B keeps and stores A's newer token.
    b.fakes.fetchMe.last().resolve(confirmedOf(PROVIDER_SESSION));
    await b.settle();
    expect(b.actor.getSnapshot().context.accessToken).toBe('provider-token-3');
    expect(b.storage.filter((entry) => entry.startsWith('persistSession')).at(-1)).toBe('persistSession:provider-token-3');
  });

  it('an expired provider session is never restored: a failed start renewal (twice) ends it', async () => {
    const h = createSessionHarness({ stored: storedOf({ ...PROVIDER_SESSION, tokenExpiry: 1, idTokenExpiry: 1 }) });
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.fakes.fetchMe.calls).toHaveLength(0);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'renewalFailed' });
  });

  it('two tabs, one renewal: the other tab adopts the broadcast token and cancels its own', async () => {
    const expiry = Date.now() + 10 * 60_000;
    const a = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: expiry });
    const b = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: expiry });
    // The tabs' messages reach each other, as the BroadcastChannel would carry them.
    const wire = (from: SessionHarness, to: SessionHarness) => {
      const seen = from.posted().length;
      return () =>
        from
          .posted()
          .slice(seen)
          .forEach((m: TabMessage) => to.fromOtherTab(m));
    };
    const aToB = wire(a, b);
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    // Both renewals start; the app's renewal actor serialises them with navigator.locks, so A answers first.
    const renewalB = b.fakes.renewProvider.last();
    a.fakes.renewProvider
      .last()
      .resolve({ accessToken: 'provider-token-2', tokenExpiry: expiry + 3600_000, idTokenExpiry: expiry + 3600_000 });
    await a.settle();
    aToB();
    await b.settle();
    expect(renewalB.signal.aborted).toBe(true);
    expect(b.actor.getSnapshot().context).toMatchObject({ accessToken: 'provider-token-2', tokenExpiry: expiry + 3600_000 });
    expect(b.actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
    const answered = [...a.fakes.renewProvider.calls, ...b.fakes.renewProvider.calls].filter((c) => c.settled);
    expect(answered).toHaveLength(1);
  });

  it('signing out of a provider session: the backend first, then the provider’s end-session page', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    expect(h.emitted).toContainEqual({ type: 'signedOut', to: '/login', endsProviderSession: true });
    expect(h.storage).toContain('clearStoredSession');
    expect(h.fakes.logout.last().input).toEqual({ accessToken: 'provider-token-1' });
    // The provider is not asked before the backend has answered (its revoke needs the token still valid).
    expect(h.fakes.endProviderSession.calls).toHaveLength(0);
    h.fakes.logout.last().resolve(null);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signingOut: 'endingProviderSession' })).toBe(true);
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
    // The browser left for the provider: nothing more happens here. Came back without leaving: signed out.
    h.fakes.endProviderSession.last().resolve(null);
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.notice).toBe('auth.signedOut');
  });

  it('a backend that cannot be reached does not keep the provider session alive', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    h.fakes.logout.last().reject(new Error('offline'));
    await h.settle();
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
  });

  it('an end-session page that cannot be reached: signed out here, and the visitor is told the provider’s session may live on', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    h.fakes.logout.last().resolve(null);
    await h.settle();
    h.fakes.endProviderSession.last().reject(new Error('No end session endpoint'));
    await h.settle();
    const s = h.actor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect(s.context).toMatchObject({
      error: 'auth.providerSignOutFailed',
      errorMessage: 'No end session endpoint',
      notice: 'auth.signedOut',
    });
    expect(h.emitted).toContainEqual({ type: 'providerSignOutFailed', message: 'No end session endpoint' });
  });

  it('signing out during a provider renewal stops the renewal (its request is aborted) before the backend is asked', async () => {
    const h = await providerSession();
    void h.unauthorized('provider-token-1').catch(() => undefined);
    await h.settle();
    const renewal = h.fakes.renewProvider.last();
    h.actor.send({ type: 'session.logout' });
    expect(renewal.signal.aborted).toBe(true);
    expect(h.fakes.logout.calls).toHaveLength(1);
    h.fakes.logout.last().resolve(null);
    await h.settle();
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
  });

  it('the other tabs of a provider sign-out only sign out: one end-session page, from the tab that signed out', async () => {
    const a = await providerSession();
    const b = await providerSession();
    a.actor.send({ type: 'session.logout' });
    a.posted().forEach((m: TabMessage) => b.fromOtherTab(m));
    await b.settle();
    expect(b.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(b.fakes.logout.calls).toHaveLength(0);
    expect(b.fakes.endProviderSession.calls).toHaveLength(0);
    expect(b.emitted.filter((e) => e.type === 'signedOut')).toEqual([]);
  });

  it('a page back from the provider’s end-session page starts signed out, with the notice', () => {
    const h = createSessionHarness({ signedOutAtProvider: true });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.notice).toBe('auth.signedOutAtProvider');
  });
});

describe('own profile changes', () => {
  it('takes the new name and photo at once and stores them, without asking the server again', async () => {
    const h = await sessionIn('signedIn');
    h.storage.length = 0;
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Adam M.', photoURL: 'data:image/jpeg;base64,AA' } });
    expect(h.actor.getSnapshot().context.user).toMatchObject({ displayName: 'Adam M.', email: 'admin@acme.example' });
    expect(h.storage).toEqual(['persistSession:token-1']);
    expect(h.fakes.fetchMe.calls).toHaveLength(1);
  });

  it('ignores a profile change when nobody is signed in', () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Nobody' } });
    expect(h.actor.getSnapshot().context.user).toBeNull();
    expect(h.storage).toEqual([]);
  });
});

describe('createSessionHarness scenarios', () => {
  it.each(['signedOut', 'confirming', 'confirmFailed', 'signedIn', 'locked', 'refreshing'] as const)(
    'reaches %s through the real machine',
    async (scenario) => {
      const h = await sessionIn(scenario, { role: 4 });
      const s = h.actor.getSnapshot();
      const expected = {
        signedOut: () => s.matches('signedOut'),
        confirming: () => s.matches('confirming'),
        confirmFailed: () => s.matches('confirmFailed'),
        signedIn: () => s.matches({ signedIn: { access: 'active' } }) && s.context.defaultRoleId === 4,
        locked: () => s.matches({ signedIn: { access: 'locked' } }),
        refreshing: () => s.matches({ signedIn: { token: 'refreshing' } }),
      }[scenario];
      expect(expected()).toBe(true);
    },
  );
});
