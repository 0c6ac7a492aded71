import type { Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { makeServer } from '@mirage/server';
import { json, withAuth, type SessionRow } from '@mirage/http';
import { table } from '@mirage/db';
import { apiClient, ApiError } from '@/lib/api-client';
import { createSessionActor } from '@/lib/session/service';

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
  // A product endpoint that answers who called it, behind the bearer check.
  server.get(
    '/api/whoami',
    withAuth(server, ({ user }) => json(200, { username: user.username })),
  );
  count = countRequests(server);
  session = createSessionActor({ idleMs: 0, channel: null });
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
  sessions.update(row.id, { expiresAt: 0, ...(revoke ? { revoked: true } : {}) });
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
    const results = await Promise.all(Array.from({ length: 50 }, () => apiClient.get<{ username: string }>('/api/whoami')));
    expect(results).toHaveLength(50);
    expect(results.every((r) => r.username === 'operator')).toBe(true);
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(count('GET /api/whoami')).toBe(100);
    expect(localStorage.getItem('accessToken')).not.toBe(oldToken);
    expect(session.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
  });

  it('a failing refresh rejects all 50 as expired and signs out, clearing storage', async () => {
    expireCurrentToken(true);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => apiClient.get('/api/whoami')));
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

  it('signing out revokes the token on the server and clears storage', async () => {
    const token = localStorage.getItem('accessToken');
    session.actor.send({ type: 'session.logout' });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    const row = table<SessionRow>(server.db, 'sessions').where({ accessToken: token ?? '' })[0];
    expect(row?.revoked).toBe(true);
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
});

describe('server-side lock and the confirmed role, end to end (client + machine + Mirage)', () => {
  it('locking tells the server: a data call with the locked token gets 423 and shows the lock, not a sign-out; unlock makes it 200', async () => {
    const token = localStorage.getItem('accessToken') ?? '';
    session.actor.send({ type: 'session.lock' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: { locked: 'idle' } } }));
    expect(count('POST /api/auth/lock')).toBe(1);

    // Even a caller that ignores the lock screen gets nothing with this token.
    await expect(apiClient.get('/api/whoami')).rejects.toMatchObject({ status: 423, message: 'Session locked' });
    const raw = await fetch('/api/whoami', { headers: { Authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(423);
    expect(count('POST /api/auth/refresh-token')).toBe(0);
    expect(session.actor.getSnapshot().matches({ signedIn: { access: 'locked' } })).toBe(true);
    expect(localStorage.getItem('accessToken')).toBe(token);

    session.actor.send({ type: 'session.unlock', password: 'wrong-password' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: { locked: 'idle' } } }) && s.context.error === 'auth.unlockFailed');
    expect((await fetch('/api/whoami', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(423);

    session.actor.send({ type: 'session.unlock', password: 'demo1234' });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: 'active' } }));
    expect(await apiClient.get('/api/whoami')).toEqual({ username: 'operator' });
  });

  it('a 423 for a session this tab thinks active (locked elsewhere) goes to the lock screen, keeping the session', async () => {
    const token = localStorage.getItem('accessToken') ?? '';
    const row = table<SessionRow>(server.db, 'sessions').where({ accessToken: token })[0];
    table<SessionRow>(server.db, 'sessions').update(row?.id ?? '', { locked: true });
    await expect(apiClient.get('/api/whoami')).rejects.toMatchObject({ status: 423 });
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
    session = createSessionActor({ idleMs: 0, channel: null });
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
    session = createSessionActor({ idleMs: 0, channel: null });
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(session.actor.getSnapshot().context.error).toBe('auth.sessionExpired');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a restored session with an expired token is refreshed once while confirming', async () => {
    session.dispose();
    const old = expireCurrentToken();
    session = createSessionActor({ idleMs: 0, channel: null });
    await waitFor(session.actor, (s) => s.matches({ signedIn: { access: 'active' } }));
    expect(count('POST /api/auth/refresh-token')).toBe(1);
    expect(localStorage.getItem('accessToken')).not.toBe(old);
  });
});
