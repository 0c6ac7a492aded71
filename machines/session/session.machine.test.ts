import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKEND_SESSION, createSessionHarness, FAR_EXPIRY, httpError } from '../testing/session-harness';
import { SessionExpiredError, SessionLockedError } from './session.errors';
import { IDLE_MS, CONFIRMED, VALID, LOCKED, outcome, confirmed } from './session.test-support';

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

  it('a late 401 carrying a replaced token, once the current token has expired too, waits for the next refresh', async () => {
    const h = await confirmed();
    void h.unauthorized('token-1');
    h.fakes.refreshToken.last().resolve({ accessToken: 'token-2', tokenExpiry: Date.now() + 2000 });
    await h.settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'expired' } })).toBe(true);
    // Sent again with token-2 it could only get a second 401, and the client retries a request once.
    const late = outcome(h.unauthorized('token-1'));
    await h.settle();
    expect(late).toEqual({});
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'refreshing' } })).toBe(true);
    // Another request that failed with an older token while the refresh runs waits for it as well.
    const later = outcome(h.unauthorized('token-1'));
    h.fakes.refreshToken.last().resolve({ accessToken: 'token-3', tokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(late.token).toBe('token-3');
    expect(later.token).toBe('token-3');
    expect(h.fakes.refreshToken.calls).toHaveLength(2);
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
