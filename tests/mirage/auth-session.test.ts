import { IDBFactory } from 'fake-indexeddb';
import type { UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { makeServer, type Server } from '@mirage/server';
import type { SessionRow } from '@mirage/http';
import { table } from '@mirage/db';
import { apiClient, ApiError } from '@/lib/api-client';
import { createSessionActor } from '@/lib/session/service';
import { refreshTokenRequest } from '@/lib/session/auth-api';
import { refreshedTokenStore } from '@/lib/session/refreshed-token-store';

/** Counts the requests Mirage answered, by "METHOD /path". */
function countRequests(server: Server) {
  const counts = new Map<string, number>();
  const previous = server.pretender.handledRequest.bind(server.pretender);
  server.pretender.handledRequest = (verb, path, request) => {
    previous(verb, path, request);
    const key = `${verb.toUpperCase()} ${path.split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  return (key: string) => counts.get(key) ?? 0;
}

let server: Server;
let session: ReturnType<typeof createSessionActor>;
let count: (key: string) => number;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  count = countRequests(server);
  // No live connection: its own poll would meet the tokens these tests expire and refresh them on its own,
  // while they count the refresh calls of the requests they send.
  session = createSessionActor({ idleMs: 0, channel: null, live: false });
  session.actor.send({ type: 'session.login', username: 'operator', password: 'demo1234' });
  await waitFor(session.actor, (s) => s.matches('signedIn'));
});

afterEach(() => {
  session.dispose();
  server.shutdown();
});

function expireCurrentToken(revoke = false) {
  const sessions = table<SessionRow>(server.db, 'sessions');
  const token = localStorage.getItem('accessToken');
  const row = sessions.where({ accessToken: token ?? '' })[0];
  if (!row) throw new Error('no session row');
  // Expired a moment ago (within the refresh grace: a day past expiry the sign-in is over).
  sessions.update(row.id, { expiresAt: Date.now() - 1000, ...(revoke ? { revoked: true } : {}) });
  return token;
}

describe('API client + session machine + Mirage', () => {
  it('stores every session key on sign-in', () => {
    expect(localStorage.getItem('session_key')).toMatch(/\w+/);
    expect(localStorage.getItem('accessToken')).toMatch(/\w+/);
    expect(JSON.parse(localStorage.getItem('auth-values') ?? '')).toEqual({ user_default_role_id: 3 });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '')).toMatchObject({ displayName: 'Olivia Operator' });
    expect(Number(localStorage.getItem('tokenExpiry'))).toBeGreaterThan(Date.now());
    expect(localStorage.getItem('loggedIn')).toBe('true');
  });

  it('50 concurrent 401s make exactly one refresh call and 50 successful retries', async () => {
    const oldToken = expireCurrentToken();
    const results = await Promise.all(Array.from({ length: 50 }, () => apiClient.get<{ email: string }>('/api/me')));
    expect(results).toHaveLength(50);
    expect(results.every((r) => r.email === 'operator@acme.example')).toBe(true);
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(count('GET /api/me')).toBe(100);
    expect(localStorage.getItem('accessToken')).not.toBe(oldToken);
    expect(session.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
  });

  it('a failing refresh rejects all 50 as expired and signs out, clearing storage', async () => {
    expireCurrentToken(true);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => apiClient.get('/api/me')));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    for (const o of outcomes) {
      const reason = (o as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
      expect((reason as ApiError).message).toBe('Session expired');
    }
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(session.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(localStorage.getItem('session_key')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('the refresh call itself never triggers a refresh', async () => {
    await expect(apiClient.post('/api/auth/refresh-token', { accessToken: 'unknown' }, { skipRefresh: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(count('POST /api/auth/refresh-token')).toBe(1);
  });

  it('signing out ends the sign-in on the server and clears storage', async () => {
    const token = localStorage.getItem('accessToken');
    session.actor.send({ type: 'session.logout' });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The sign-in is over: the server refuses its token, and its rows left the database.
    const me = await fetch('/api/me', { headers: { Authorization: `Bearer ${token ?? ''}` } });
    expect(me.status).toBe(401);
    expect(table<SessionRow>(server.db, 'sessions').where({ accessToken: token ?? '' })).toEqual([]);
  });

  it('a wrong sign-in answers the server message', async () => {
    session.actor.send({ type: 'session.logout' });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    const failed = new Promise<string>((resolve) => {
      session.actor.on('loginFailed', (e) => resolve(e.message));
    });
    session.actor.send({ type: 'session.login', username: 'operator', password: 'wrong' });
    expect(await failed).toBe('Email Or Password Invalid');
  });

  it('after five wrong passwords the sign-in answers the 429 message, which the form reads the wait from', async () => {
    session.actor.send({ type: 'session.logout' });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    const messages: string[] = [];
    session.actor.on('loginFailed', (e) => messages.push(e.message));
    for (let i = 1; i <= 6; i += 1) {
      session.actor.send({ type: 'session.login', username: 'operator', password: 'wrong' });
      await waitFor(session.actor, () => messages.length === i);
    }
    expect(messages.slice(0, 5)).toEqual(Array<string>(5).fill('Email Or Password Invalid'));
    // The wait runs from the first of the five failures (15 minutes), so on a slow machine a few seconds are already gone.
    const wait = /^Too many sign-in attempts\. Try again in (\d+) seconds\.$/.exec(messages[5] ?? '');
    expect(Number(wait?.[1])).toBeGreaterThan(840);
    expect(Number(wait?.[1])).toBeLessThanOrEqual(900);
  });
});

describe('server-side lock and the confirmed role, end to end (client + machine + Mirage)', () => {
  it('locking tells the server: a data call with the locked token gets 423 and shows the lock, not a sign-out; unlock makes it 200', async () => {
    const token = localStorage.getItem('accessToken') ?? '';
    session.actor.send({ type: 'session.lock' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: { locked: 'idle' } } }));
    expect(count('POST /api/auth/lock')).toBe(1);

    // Even a caller that ignores the lock screen gets nothing with this token.
    await expect(apiClient.get('/api/me')).rejects.toMatchObject({ status: 423, message: 'Session locked' });
    const raw = await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(423);
    expect(count('POST /api/auth/refresh-token')).toBe(0);
    expect(session.actor.getSnapshot().matches({ signedIn: { access: 'locked' } })).toBe(true);
    expect(localStorage.getItem('accessToken')).toBe(token);

    session.actor.send({ type: 'session.unlock', password: 'wrong-password' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: { locked: 'idle' } } }) && s.context.error === 'auth.unlockFailed');
    expect((await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(423);

    session.actor.send({ type: 'session.unlock', password: 'demo1234' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: 'active' } }));
    expect(await apiClient.get('/api/me')).toMatchObject({ email: 'operator@acme.example' });
  });

  it('a 423 for a session this tab thinks active (locked elsewhere) goes to the lock screen, keeping the session', async () => {
    const token = localStorage.getItem('accessToken') ?? '';
    const row = table<SessionRow>(server.db, 'sessions').where({ accessToken: token })[0];
    table<SessionRow>(server.db, 'sessions').update(row?.id ?? '', { locked: true });
    await expect(apiClient.get('/api/me')).rejects.toMatchObject({ status: 423 });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: { locked: 'idle' } } }));
    expect(localStorage.getItem('session_key')).not.toBeNull();
  });

  it("a restored session with a tampered role gets the server's role before it is active", async () => {
    session.dispose();
    localStorage.setItem('auth-values', JSON.stringify({ user_default_role_id: 1 }));
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ ...JSON.parse(localStorage.getItem('userInfo') ?? '{}'), displayName: 'Mallory', userRole: 'admin' }),
    );
    session = createSessionActor({ idleMs: 0, channel: null, live: false });
    expect(session.actor.getSnapshot().matches('confirming')).toBe(true);
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: 'active' } }));
    expect(count('GET /api/me')).toBe(1);
    expect(session.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 3 });
    expect(session.actor.getSnapshot().context.user?.displayName).toBe('Olivia Operator');
    expect(JSON.parse(localStorage.getItem('auth-values') ?? '{}')).toEqual({ user_default_role_id: 3 });
  });

  it('a restored session whose token the server no longer knows ends on /api/me (401), as a failed refresh does', async () => {
    session.dispose();
    expireCurrentToken(true);
    session = createSessionActor({ idleMs: 0, channel: null, live: false });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(session.actor.getSnapshot().context.error).toBe('auth.sessionExpired');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a restored session with an expired token is refreshed once while confirming', async () => {
    session.dispose();
    const old = expireCurrentToken();
    session = createSessionActor({ idleMs: 0, channel: null, live: false });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: 'active' } }));
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(localStorage.getItem('accessToken')).not.toBe(old);
  });
});

/** The refreshed-token record every tab of the origin opens (src/lib/session/refreshed-token-store.ts), on fake-indexeddb. */
function sharedRecord(): UseStore {
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const request = new IDBFactory().open('rotation-test');
    request.onupgradeneeded = () => request.result.createObjectStore('refreshed-tokens');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return (mode, callback) => db.then((d) => callback(d.transaction('refreshed-tokens', mode).objectStore('refreshed-tokens')));
}

describe('refresh rotation with reuse detection, two tabs (client + Mirage)', () => {
  const signal = new AbortController().signal;

  it('two tabs, one token renewed once: the second tab takes the new token from the shared record, never sends the retired one, and the sign-in lives on', async () => {
    const retired = expireCurrentToken() ?? '';
    const record = refreshedTokenStore(sharedRecord());
    // Tab A refreshes under the lock and records {retired → new} before releasing it.
    const renewed = await refreshTokenRequest(retired, signal, record);
    // Tab B got its 401 for the same token; its localStorage still shows the retired one (whatwg/html#403).
    expect(localStorage.getItem('accessToken')).toBe(retired);
    expect(await refreshTokenRequest(retired, signal, record)).toEqual(renewed);
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(await apiClient.get('/api/me', { token: renewed.accessToken })).toMatchObject({ email: 'operator@acme.example' });
    // Renewed once more later, from the new token the tab stored (the session machine does): the chain goes on.
    localStorage.setItem('accessToken', renewed.accessToken);
    const next = await refreshTokenRequest(renewed.accessToken, signal, record);
    expect(count('POST /api/auth/refresh-token')).toBe(2);
    expect(await apiClient.get('/api/me', { token: next.accessToken })).toMatchObject({ email: 'operator@acme.example' });
  });

  it('a tab that does send the retired token again ends the sign-in everywhere: the newer token is refused too', async () => {
    const retired = expireCurrentToken() ?? '';
    const renewed = await refreshTokenRequest(retired, signal, refreshedTokenStore(sharedRecord()));
    // Without the shared record (and with a stale localStorage), a second tab would post the retired token.
    await expect(refreshTokenRequest(retired, signal, refreshedTokenStore(null))).rejects.toMatchObject({ status: 401 });
    expect(count('POST /api/auth/refresh-token')).toBe(2);
    await expect(apiClient.get('/api/me', { token: renewed.accessToken, skipRefresh: true })).rejects.toMatchObject({ status: 401 });
  });
});
