import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { dumpDb, table } from '@mirage/db';
import type { SessionRow, UserRow } from '@mirage/http';
import { DEFAULT_APP_KEY } from '@mirage/domains/auth';
import { mergeAuthRows } from '@mirage/browser';
import { hashPassword } from '@mirage/crypto';
import { SIGN_IN_ATTEMPTS, type SignInAttemptRow } from '@mirage/domains/sign-in-throttle';
import { SIGN_IN_WINDOW_MS } from '../../core/sign-in-attempts';
import { pruneSessions } from '@mirage/sessions';
import { SESSION_REFRESH_GRACE_MS } from '../../core/sessions';

let server: Server;
let now = Date.parse('2026-01-01T10:00:00.000Z');

beforeEach(async () => {
  now = Date.parse('2026-01-01T10:00:00.000Z');
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', now: () => now, tokenLifetimeS: 8000 });
});
afterEach(() => server.shutdown());

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

const withKey = { key: DEFAULT_APP_KEY };
const login = (username: string, password: string, headers: Record<string, string> = withKey) =>
  call('/api/UserLogin', { params: { username, password } }, headers);

describe('POST /api/UserLogin', () => {
  it('answers the tokens, expiry and user record for a good pair', async () => {
    const { status, body } = await login('admin', 'demo1234');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      accessToken: expect.stringMatching(/^[0-9a-f]{48}$/),
      sessionKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      expiresAt: new Date(now + 8000 * 1000).toISOString(),
      expiresIn: 8000,
      defaultRoleId: 2,
      roles: [2],
      user: { displayName: 'Adam Manager', userRole: 'admin', email: 'admin@acme.example', providerId: 'mirage' },
    });
  });

  it('answers 401 "Email Or Password Invalid" for a wrong password or an unknown user', async () => {
    expect(await login('admin', 'nope')).toEqual({ status: 401, body: { message: 'Email Or Password Invalid' } });
    expect(await login('ghost', 'demo1234')).toEqual({ status: 401, body: { message: 'Email Or Password Invalid' } });
  });

  it('refuses a request without the application key', async () => {
    expect((await login('admin', 'demo1234', {})).status).toBe(401);
    expect((await login('admin', 'demo1234', { key: 'wrong' })).body).toEqual({ message: 'Invalid application key' });
  });
});

describe('passwords', () => {
  it('are stored salted and hashed, never in clear', () => {
    const users = table<UserRow>(server.db, 'users').all();
    expect(users.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(dumpDb(server.db))).not.toContain('demo1234');
    // The five demo accounts of the sign-in page share one scrypt hash of their public password (one
    // scrypt run per seed); the users domain's other seeded accounts keep their own salted hashes.
    const demo = users.filter((u) => ['superadmin', 'admin', 'operator', 'user', 'globex'].includes(u.username));
    expect(demo).toHaveLength(5);
    expect(new Set(demo.map((u) => u.passwordHash)).size).toBe(1);
    expect(demo[0]?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]+\$[0-9a-f]{64}$/);
    const others = users.filter((u) => !demo.includes(u) && u.passwordHash);
    expect(new Set(others.map((u) => u.passwordHash)).size).toBe(others.length);
  });

  it('a registration stores a scrypt hash', async () => {
    const body = { fullName: 'Sam Scrypt', phoneNumber: '', email: 'sam@example.com', password: 'secret123', rePassword: 'secret123' };
    expect((await call('/api/UserProfile', body, withKey)).status).toBe(201);
    const row = table<UserRow>(server.db, 'users').where({ email: 'sam@example.com' })[0];
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('an older PBKDF2 hash still signs in, and is replaced by scrypt at that sign-in (not after a wrong password)', async () => {
    const users = table<UserRow>(server.db, 'users');
    const admin = users.where({ username: 'admin' })[0] as UserRow;
    const legacy = await hashPassword('demo1234', 'old-salt');
    users.update(admin.id, { salt: 'old-salt', passwordHash: legacy });
    expect((await login('admin', 'wrong-one')).status).toBe(401);
    expect(users.find(admin.id)?.passwordHash).toBe(legacy);
    expect((await login('admin', 'demo1234')).status).toBe(200);
    const upgraded = users.find(admin.id) as UserRow;
    expect(upgraded.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(upgraded.passwordHash).not.toBe(legacy);
    expect((await login('admin', 'demo1234')).status).toBe(200);
    expect(users.find(admin.id)?.passwordHash).toBe(upgraded.passwordHash);
  });
});

/** A sign-in with its `Retry-After` header, from an address when given (the Node server sets x-client-address). */
async function attempt(username: string, password: string, address?: string) {
  const response = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...withKey, ...(address ? { 'x-client-address': address } : {}) },
    body: JSON.stringify({ params: { username, password } }),
  });
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as unknown };
}

const INVALID = { status: 401, retryAfter: null, body: { message: 'Email Or Password Invalid' } };
const tooMany = (seconds: number) => ({
  status: 429,
  retryAfter: String(seconds),
  body: { message: `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, code: 'tooManyAttempts' },
});

describe('sign-in throttling', () => {
  it('after 5 failures for a name in 15 minutes the next attempt gets 429 with Retry-After, right password or not, until the oldest is 15 minutes old', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(await attempt('operator', `wrong-${i}`)).toEqual(INVALID);
      now += 60_000;
    }
    // Failures at 0, 1, 2, 3 and 4 minutes; now it is 5 minutes: the first one counts for 10 more.
    expect(await attempt('operator', 'demo1234')).toEqual(tooMany(600));
    expect(await attempt('OPERATOR ', 'wrong')).toEqual(tooMany(600));
    // Other names are not affected.
    expect((await attempt('admin', 'demo1234')).status).toBe(200);
    now += 10 * 60_000 - 1000;
    expect(await attempt('operator', 'demo1234')).toEqual(tooMany(1));
    now += 1000;
    // The oldest failure has left the window: one attempt is free again, and it is right.
    expect((await attempt('operator', 'demo1234')).status).toBe(200);
  });

  it('an unknown name gets exactly the answers a wrong password gets: same 401, same throttling, same 429', async () => {
    for (let i = 0; i < 5; i += 1) {
      const known = await attempt('user', 'wrong');
      const unknown = await attempt('nobody-here', 'wrong');
      expect(unknown).toEqual(known);
      expect(unknown).toEqual(INVALID);
    }
    expect(await attempt('nobody-here', 'wrong')).toEqual(await attempt('user', 'wrong'));
    expect(await attempt('nobody-here', 'wrong')).toEqual(tooMany(900));
  });

  it('a successful sign-in clears the account’s counter (its username and email alike)', async () => {
    for (let i = 0; i < 4; i += 1) expect(await attempt('admin', 'wrong')).toEqual(INVALID);
    for (let i = 0; i < 4; i += 1) expect(await attempt('admin@acme.example', 'wrong')).toEqual(INVALID);
    expect((await attempt('admin', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect(await attempt('admin@acme.example', 'wrong')).toEqual(INVALID);
    expect(await attempt('admin@acme.example', 'wrong')).toEqual(tooMany(900));
  });

  it('20 failures from one address in 15 minutes throttle every name from it, and no other address', async () => {
    const from = '203.0.113.7';
    for (let i = 0; i < 20; i += 1) expect(await attempt(`guess-${i % 5}`, 'wrong', from)).toEqual(INVALID);
    expect(await attempt('user', 'demo1234', from)).toEqual(tooMany(900));
    // The same network written as IPv4-mapped IPv6 is the same address.
    expect(await attempt('user', 'demo1234', '::ffff:203.0.113.7')).toEqual(tooMany(900));
    expect((await attempt('user', 'demo1234', '198.51.100.1')).status).toBe(200);
    // A right password from the throttled address does not lift the address's counter.
    now += SIGN_IN_WINDOW_MS;
    expect((await attempt('user', 'demo1234', from)).status).toBe(200);
  });

  it('attempts sent together are counted before any password is checked: 5 get 401, the rest 429', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('superadmin', 'wrong')));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('keeps its counters as stored rows, without the names typed, and prunes them once they are old', async () => {
    await attempt('my secret password', 'wrong', '203.0.113.9');
    const rows = () => table<SignInAttemptRow>(server.db, SIGN_IN_ATTEMPTS).all();
    expect(rows().map((r) => r.key)).toEqual([expect.stringMatching(/^account:[0-9a-f]{64}$/), 'address:203.0.113.9']);
    expect(JSON.stringify(rows())).not.toContain('secret');
    expect(rows()[0]?.failures).toEqual([now]);
    now += SIGN_IN_WINDOW_MS;
    expect((await attempt('user', 'demo1234')).status).toBe(200);
    expect(rows()).toEqual([]);
  });
});

describe('POST /api/UserProfile (register)', () => {
  const valid = {
    fullName: 'Nina New',
    phoneNumber: '+49 30 1234567',
    email: 'nina@example.com',
    password: 'secret123',
    rePassword: 'secret123',
  };

  it('creates a role-4 account in the default organization that signs in with its email', async () => {
    const created = await call('/api/UserProfile', valid, withKey);
    expect(created.status).toBe(201);
    const row = table<UserRow>(server.db, 'users').where({ email: 'nina@example.com' })[0];
    expect(row).toMatchObject({ roleId: 4, organizationId: '1', fullName: 'Nina New' });
    const signedIn = await login('nina@example.com', 'secret123');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body?.['defaultRoleId']).toBe(4);
  });

  it.each([
    [{ email: 'admin@acme.example' }, 'email', 'This email is already in use.'],
    [{ fullName: '  ' }, 'fullName', 'Please enter your name.'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ password: 'short', rePassword: 'short' }, 'password', 'The password must be at least 8 characters long.'],
    [{ rePassword: 'different1' }, 'rePassword', "Password doesn't match. Please try again."],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'Please enter a valid phone number.'],
  ])('answers 422 with a message and a field error (%o)', async (patch, field, message) => {
    const { status, body } = await call('/api/UserProfile', { ...valid, ...patch }, withKey);
    expect(status).toBe(422);
    expect(body?.['message']).toBe(message);
    expect(body?.['errors']).toMatchObject({ [field]: message });
  });

  it('requires the application key', async () => {
    expect((await call('/api/UserProfile', valid)).status).toBe(401);
    expect(table<UserRow>(server.db, 'users').where({ email: 'nina@example.com' })).toHaveLength(0);
  });
});

describe('tokens', () => {
  it('a valid bearer passes, an expired or unknown one gets 401 "Invalid access token"', async () => {
    const { body } = await login('user', 'demo1234');
    const token = String(body?.['accessToken']);
    const ok = await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const unknown = await fetch('/api/me', { headers: { Authorization: 'Bearer nope' } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Invalid access token' });
    const none = await fetch('/api/me');
    expect(none.status).toBe(401);
  });

  it('admin endpoints answer 403 to role 4', async () => {
    const { body } = await login('user', 'demo1234');
    const response = await fetch('/api/admin/dashboard/summary', { headers: { Authorization: `Bearer ${String(body?.['accessToken'])}` } });
    expect(response.status).toBe(403);
  });

  it('exchanges an expired token once for a new one; the old one is then revoked', async () => {
    const { body } = await login('admin', 'demo1234');
    const old = String(body?.['accessToken']);
    now += 9000 * 1000;
    const refreshed = await call('/api/auth/refresh-token', { accessToken: old });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body?.['accessToken']).not.toBe(old);
    expect(refreshed.body?.['expiresAt']).toBe(new Date(now + 8000 * 1000).toISOString());
    expect(await call('/api/auth/refresh-token', { accessToken: old })).toEqual({
      status: 401,
      body: { message: 'Invalid refresh token' },
    });
  });

  it('an unknown token cannot be refreshed', async () => {
    expect((await call('/api/auth/refresh-token', { accessToken: 'made-up' })).status).toBe(401);
    expect((await call('/api/auth/refresh-token', {})).status).toBe(401);
  });

  it('logout ends the sign-in: its token is refused, refreshing it too, and its rows leave the database', async () => {
    const { body } = await login('admin', 'demo1234');
    const token = String(body?.['accessToken']);
    const kept = tokenOf(await login('user', 'demo1234'));
    expect((await call('/api/auth/logout', {}, { Authorization: `Bearer ${token}` })).status).toBe(204);
    expect((await get('/api/me', token)).status).toBe(401);
    expect((await call('/api/auth/refresh-token', { accessToken: token })).status).toBe(401);
    expect(table<SessionRow>(server.db, 'sessions').where({ accessToken: token })).toEqual([]);
    // Another sign-in is untouched.
    expect((await get('/api/me', kept)).status).toBe(200);
  });
});

const refresh = async (token: string) => call('/api/auth/refresh-token', { accessToken: token });
const tokenOf = (answer: { body: Record<string, unknown> | null }) => String(answer.body?.['accessToken']);

describe('refresh token rotation', () => {
  it('each refresh issues a new token and retires the old one; the chain goes on from the newest', async () => {
    const first = tokenOf(await login('user', 'demo1234'));
    const second = tokenOf(await refresh(first));
    const third = tokenOf(await refresh(second));
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await get('/api/me', third)).status).toBe(200);
    // The retired ones are kept (revoked) with the sign-in's key, to recognise them if they come back.
    const family = table<SessionRow>(server.db, 'sessions').where((s) => [first, second, third].includes(s.accessToken));
    expect(new Set(family.map((s) => s.sessionKey)).size).toBe(1);
    expect(family.map((s) => [s.accessToken, s.revoked])).toEqual([
      [first, true],
      [second, true],
      [third, false],
    ]);
  });

  it('a retired token presented again ends the whole sign-in (every token descended from it) with 401; other sign-ins go on', async () => {
    const first = tokenOf(await login('user', 'demo1234'));
    const elsewhere = tokenOf(await login('user', 'demo1234'));
    const second = tokenOf(await refresh(first));
    const third = tokenOf(await refresh(second));
    expect(await refresh(first)).toEqual({ status: 401, body: { message: 'Invalid refresh token' } });
    // The newest token (the owner's, or the thief's) is revoked too: neither may go on.
    expect(await get('/api/me', third)).toEqual({ status: 401, body: { message: 'Invalid access token' } });
    expect((await refresh(third)).status).toBe(401);
    expect((await get('/api/me', third)).status).toBe(401);
    const sessions = table<SessionRow>(server.db, 'sessions');
    const key = sessions.where({ accessToken: first })[0]?.sessionKey;
    expect(sessions.where({ sessionKey: key }).every((s) => s.revoked)).toBe(true);
    // The same user's other sign-in is another family.
    expect((await get('/api/me', elsewhere)).status).toBe(200);
  });

  it('a sign-in unused for a day past its token’s expiry cannot be refreshed', async () => {
    const token = tokenOf(await login('user', 'demo1234'));
    now += 8000 * 1000 + SESSION_REFRESH_GRACE_MS;
    expect((await refresh(token)).status).toBe(401);
  });

  it('pruning keeps a live sign-in’s retired tokens, and removes a sign-in once it ended or expired', async () => {
    const sessions = table<SessionRow>(server.db, 'sessions');
    const tokens = () => sessions.all().map((s) => s.accessToken);
    const live = tokenOf(await login('user', 'demo1234'));
    const liveNext = tokenOf(await refresh(live));
    const ended = tokenOf(await login('admin', 'demo1234'));
    const endedNext = tokenOf(await refresh(ended));
    // Signing out removes the sign-in's rows at once (retired token and all).
    await call('/api/auth/logout', {}, { Authorization: `Bearer ${endedNext}` });
    expect(tokens()).not.toContain(ended);
    expect(tokens()).not.toContain(endedNext);
    const stale = tokenOf(await login('operator', 'demo1234'));
    sessions.update(sessions.where({ accessToken: stale })[0]?.id ?? '', { expiresAt: now - SESSION_REFRESH_GRACE_MS });
    expect(pruneSessions(server.db, now)).toBe(1);
    expect(tokens()).toEqual([live, liveNext]);
    // The kept retired token is still recognised: presented again, it ends its sign-in.
    expect((await refresh(live)).status).toBe(401);
    expect((await get('/api/me', liveNext)).status).toBe(401);
    expect(pruneSessions(server.db, now)).toBe(2);
    expect(tokens()).toEqual([]);
  });
});

const get = async (path: string, token: string) => {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
};

const LOCKED = { status: 423, body: { message: 'Session locked', code: 'session_locked' } };

describe('server-side lock', () => {
  it('refuses every call of a locked sign-in with 423 until the password unlocks it', async () => {
    const { body } = await login('operator', 'demo1234');
    const token = String(body?.['accessToken']);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await get('/api/me', token)).status).toBe(200);

    expect((await call('/api/auth/lock', {}, auth)).status).toBe(204);
    expect(await get('/api/me', token)).toEqual(LOCKED);
    expect(await get('/api/me', token)).toEqual(LOCKED);
    expect(await get('/api/admin/dashboard/summary', token)).toEqual(LOCKED);
    // No new token either: a locked session cannot be refreshed around the lock.
    expect(await call('/api/auth/refresh-token', { accessToken: token })).toEqual(LOCKED);
    // Expired while locked: still 423 (the lock screen), never 401 (a refresh, then a sign-out).
    now += 9000 * 1000;
    expect(await get('/api/me', token)).toEqual(LOCKED);

    expect((await call('/api/auth/unlock', { password: 'wrong' }, auth)).status).toBe(422);
    expect(await get('/api/me', token)).toEqual(LOCKED);
    const unlocked = await call('/api/auth/unlock', { password: 'demo1234' }, auth);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ uid: '3', displayName: 'Olivia Operator', defaultRoleId: 3 });
    // Unlocked, the expired token refreshes as usual and the new one gets 200.
    const refreshed = await call('/api/auth/refresh-token', { accessToken: token });
    expect(refreshed.status).toBe(200);
    expect((await get('/api/me', String(refreshed.body?.['accessToken']))).status).toBe(200);
  });

  it('locks every token of the sign-in, not other sign-ins of the same user', async () => {
    const first = String((await login('user', 'demo1234')).body?.['accessToken']);
    const other = String((await login('user', 'demo1234')).body?.['accessToken']);
    now += 9000 * 1000;
    const refreshed = String((await call('/api/auth/refresh-token', { accessToken: first })).body?.['accessToken']);
    now -= 9000 * 1000;
    expect((await call('/api/auth/lock', {}, { Authorization: `Bearer ${refreshed}` })).status).toBe(204);
    expect((await get('/api/me', refreshed)).status).toBe(423);
    expect((await call('/api/auth/refresh-token', { accessToken: first })).status).toBe(401);
    expect((await get('/api/me', other)).status).toBe(200);
  });

  it('sign-out still works while locked, and then the token is simply invalid', async () => {
    const token = String((await login('admin', 'demo1234')).body?.['accessToken']);
    const auth = { Authorization: `Bearer ${token}` };
    await call('/api/auth/lock', {}, auth);
    expect((await call('/api/auth/logout', {}, auth)).status).toBe(204);
    expect(await get('/api/me', token)).toEqual({ status: 401, body: { message: 'Invalid access token' } });
    expect((await call('/api/auth/lock', {}, auth)).status).toBe(401);
    expect((await call('/api/auth/unlock', { password: 'demo1234' }, auth)).status).toBe(401);
  });

  it('refuses to lock without a known token', async () => {
    expect((await call('/api/auth/lock', {})).status).toBe(401);
    expect((await call('/api/auth/lock', {}, { Authorization: 'Bearer made-up' })).status).toBe(401);
  });
});

describe('GET /api/me', () => {
  it("answers the server's record of the caller: user fields, organization and role", async () => {
    const token = String((await login('user', 'demo1234')).body?.['accessToken']);
    expect(await get('/api/me', token)).toEqual({
      status: 200,
      body: {
        uid: '4',
        displayName: 'Ulysses User',
        about: '',
        photoURL: '',
        status: 'online',
        userRole: 'user',
        email: 'user@acme.example',
        providerId: 'mirage',
        organization: { id: '1', name: 'Acme Logistics' },
        defaultRoleId: 4,
        roles: [4],
      },
    });
  });

  it('follows the stored user, not what the client claims, and refuses a bad token with 401', async () => {
    const token = String((await login('globex', 'demo1234')).body?.['accessToken']);
    const row = table<UserRow>(server.db, 'users').where({ username: 'globex' })[0];
    table<UserRow>(server.db, 'users').update(row?.id ?? '', { roleId: 3 });
    expect((await get('/api/me', token)).body).toMatchObject({ defaultRoleId: 3, organization: { name: 'Globex Retail' } });
    expect(await get('/api/me', 'made-up')).toEqual({ status: 401, body: { message: 'Invalid access token' } });
    now += 9000 * 1000;
    expect((await get('/api/me', token)).status).toBe(401);
  });
});

describe('unlock and forgotten password', () => {
  it("unlock checks the signed-in user's password", async () => {
    const { body } = await login('operator', 'demo1234');
    const auth = { Authorization: `Bearer ${String(body?.['accessToken'])}` };
    expect((await call('/api/auth/unlock', { password: 'demo1234' }, auth)).status).toBe(200);
    expect(await call('/api/auth/unlock', { password: 'wrong' }, auth)).toEqual({
      status: 422,
      body: { message: 'Wrong password', errors: { password: 'Wrong password' } },
    });
    expect((await call('/api/auth/unlock', { password: 'demo1234' })).status).toBe(401);
    // Locked longer than the token lifetime: the password still unlocks.
    now += 9000 * 1000;
    expect((await call('/api/auth/unlock', { password: 'demo1234' }, auth)).status).toBe(200);
    await call('/api/auth/logout', {}, auth);
    expect((await call('/api/auth/unlock', { password: 'demo1234' }, auth)).status).toBe(401);
  });

  it('forgot-password gives the same answer whether or not the account exists', async () => {
    const known = await call('/api/auth/forgot-password', { email: 'admin@acme.example' }, withKey);
    const unknown = await call('/api/auth/forgot-password', { email: 'nobody@example.com' }, withKey);
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect((await call('/api/auth/forgot-password', { email: 'x' }, withKey)).status).toBe(422);
  });
});

describe('persistence', () => {
  it('starts from a dump instead of seeding', async () => {
    server.shutdown();
    const dump = { users: [], organizations: [{ id: '9', name: 'Dumped', domain: 'd', createdAt: '' }] };
    server = await makeServer({ environment: 'test', latencyMs: 0, initialData: dump });
    expect(table(server.db, 'organizations').all()).toEqual([{ id: '9', name: 'Dumped', domain: 'd', createdAt: '' }]);
  });
});

describe('tabs sharing the stored database', () => {
  it('merges accounts and sessions another tab stored, without overwriting, and a revocation wins', async () => {
    const { body } = await login('admin', 'demo1234');
    const mine = String(body?.['accessToken']);
    const users = table<UserRow>(server.db, 'users');
    const sessions = table<SessionRow>(server.db, 'sessions');
    const other = {
      users: [...users.all(), { ...(users.all()[0] as UserRow), id: '6', email: 'tab2@example.com', username: 'tab2@example.com' }],
      sessions: [
        { id: '1', accessToken: mine, sessionKey: 'k', userId: '2', expiresAt: now + 1000, revoked: true },
        { id: '1', accessToken: 'from-the-other-tab', sessionKey: 'k2', userId: '6', expiresAt: now + 1000, revoked: false },
      ],
    };
    const { id: _first, ...base } = users.all()[0] as UserRow;
    users.insert({ ...base, email: 'local@example.com', username: 'local@example.com' });
    mergeAuthRows(server.db, other);
    const tab2 = users.where({ email: 'tab2@example.com' })[0];
    expect(tab2).toBeDefined();
    expect(users.where({ email: 'local@example.com' })).toHaveLength(1);
    expect(sessions.where({ accessToken: mine })[0]?.revoked).toBe(true);
    const adopted = sessions.where({ accessToken: 'from-the-other-tab' })[0];
    expect(adopted?.userId).toBe(tab2?.id);
    const response = await fetch('/api/me', { headers: { Authorization: 'Bearer from-the-other-tab' } });
    expect(await response.json()).toMatchObject({ email: 'tab2@example.com' });
  });
});
