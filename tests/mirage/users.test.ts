import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import type { UserView } from '@mirage/domains/users';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

interface Page<T> {
  items: T[];
  total: number;
}
interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  code?: string;
}
interface Invited {
  user: UserView;
  link: { token: string; path: string; expiresAt: string };
}

let server: Server;
beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
});
afterEach(() => server.shutdown());

const idOf = (username: string) => String(table<{ id: string; username: string }>(server.db, 'users').where({ username })[0]?.id);
const orgId = (name: string) => String(table<{ id: string; name: string }>(server.db, 'organizations').where({ name })[0]?.id);

async function signIn(username: string, password = 'demo1234') {
  const response = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
    body: JSON.stringify({ params: { username, password } }),
  });
  return { status: response.status, body: (await response.json()) as ErrorBody & { accessToken?: string } };
}

async function publicCall<T>(method: string, url: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const invitee = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Nina New',
  username: 'nina',
  email: 'nina@acme.example',
  phone: '',
  roleId: 4,
  organizationId: orgId('Acme Logistics'),
  ...overrides,
});

describe('GET /api/users', () => {
  it('answers 401 without a token and 403 for role 4', async () => {
    expect((await fetch('/api/users')).status).toBe(401);
    const user = await signInAs('user');
    expect((await user.request('GET', '/api/users')).status).toBe(403);
    expect((await user.request('GET', `/api/users/${idOf('user')}`)).status).toBe(403);
  });

  it('shows an admin only their organization; super admins and operators every organization', async () => {
    const admin = await signInAs('admin');
    const own = await admin.request<Page<UserView>>('GET', '/api/users?pageSize=100');
    expect(own.body.items.length).toBeGreaterThan(0);
    expect(new Set(own.body.items.map((u) => u.organizationName))).toEqual(new Set(['Acme Logistics']));
    // Asking for another organization gives nothing, and another organization's user is not found.
    const other = await admin.request<Page<UserView>>('GET', `/api/users?organizationId=${orgId('Globex Retail')}`);
    expect(other.body.total).toBe(0);
    expect((await admin.request('GET', `/api/users/${idOf('globex')}`)).status).toBe(404);
    for (const name of ['superadmin', 'operator']) {
      const s = await signInAs(name);
      const all = await s.request<Page<UserView>>('GET', '/api/users?pageSize=100');
      expect(new Set(all.body.items.map((u) => u.organizationName))).toEqual(new Set(['Acme Logistics', 'Globex Retail']));
      expect((await s.request('GET', `/api/users/${idOf('globex')}`)).status).toBe(200);
    }
  });

  it('filters by organization, role, status and search, and sorts', async () => {
    const s = await signInAs('superadmin');
    const globex = await s.request<Page<UserView>>('GET', `/api/users?organizationId=${orgId('Globex Retail')}&pageSize=100`);
    expect(globex.body.items.every((u) => u.organizationName === 'Globex Retail')).toBe(true);
    const admins = await s.request<Page<UserView>>('GET', '/api/users?role=2&pageSize=100');
    expect(admins.body.items.map((u) => u.username).sort()).toEqual(['admin', 'gabe', 'paula']);
    const invited = await s.request<Page<UserView>>('GET', '/api/users?status=invited');
    expect(invited.body.items.map((u) => u.username)).toEqual(['igor']);
    const search = await s.request<Page<UserView>>('GET', '/api/users?search=GRETA');
    expect(search.body.items.map((u) => u.username)).toEqual(['globex']);
    const sorted = await s.request<Page<UserView>>('GET', '/api/users?sort=username&order=desc&pageSize=3');
    const names = sorted.body.items.map((u) => u.username);
    expect([...names].sort().reverse()).toEqual(names);
  });
});

describe('invite and set password', () => {
  it('creates an invited account with a one-time link that sets the password and activates it', async () => {
    const admin = await signInAs('admin');
    const { status, body } = await admin.request<Invited>('POST', '/api/users', invitee());
    expect(status).toBe(201);
    expect(body.user).toMatchObject({ username: 'nina', status: 'invited', invitedByName: 'Adam Manager', hasOpenLink: true });
    expect(body.link.path).toBe(`/set-password?token=${body.link.token}`);
    // Not yet able to sign in.
    expect((await signIn('nina')).status).toBe(401);
    const check = await publicCall<{ username: string }>('GET', `/api/set-password?token=${body.link.token}`);
    expect(check).toMatchObject({ status: 200, body: { username: 'nina' } });
    const mismatch = await publicCall<ErrorBody>('POST', '/api/set-password', {
      token: body.link.token,
      password: 'longenough1',
      rePassword: 'other',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ rePassword: 'mismatch' });
    const short = await publicCall<ErrorBody>('POST', '/api/set-password', {
      token: body.link.token,
      password: 'short',
      rePassword: 'short',
    });
    expect(short.body.errors).toEqual({ password: 'tooShort' });
    const set = await publicCall('POST', '/api/set-password', {
      token: body.link.token,
      password: 'longenough1',
      rePassword: 'longenough1',
    });
    expect(set.status).toBe(200);
    expect((await signIn('nina', 'longenough1')).status).toBe(200);
    // One time only.
    expect(
      (await publicCall('POST', '/api/set-password', { token: body.link.token, password: 'another12', rePassword: 'another12' })).status,
    ).toBe(404);
    expect((await publicCall('GET', '/api/set-password?token=deadbeefdeadbeefdeadbeef')).status).toBe(404);
    const shown = await admin.request<UserView>('GET', `/api/users/${body.user.id}`);
    expect(shown.body).toMatchObject({ status: 'active', hasOpenLink: false });
  });

  it('answers 422 for bad input and duplicates, and 403 for a role above the caller or a read-only role', async () => {
    const admin = await signInAs('admin');
    const bad = await admin.request<ErrorBody>(
      'POST',
      '/api/users',
      invitee({ fullName: '', username: 'admin', email: 'user@acme.example', roleId: 7 }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ fullName: 'required', username: 'duplicateUsername', email: 'duplicateEmail', roleId: 'required' });
    const above = await admin.request<ErrorBody>('POST', '/api/users', invitee({ roleId: 1 }));
    expect(above.status).toBe(403);
    expect(above.body.code).toBe('roleAboveOwn');
    for (const name of ['operator', 'user']) {
      const s = await signInAs(name);
      expect((await s.request('POST', '/api/users', invitee())).status).toBe(403);
    }
  });

  it('refuses an admin’s invitee in another organization (403 otherOrganization) and creates nobody', async () => {
    const admin = await signInAs('admin');
    const before = table(server.db, 'users').all().length;
    const refused = await admin.request<ErrorBody>('POST', '/api/users', invitee({ organizationId: orgId('Globex Retail') }));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('otherOrganization');
    expect(table(server.db, 'users').all().length).toBe(before);
    // Leaving the field out means the admin's own organization.
    const own = await admin.request<Invited>('POST', '/api/users', invitee({ organizationId: undefined }));
    expect(own.status).toBe(201);
    expect(own.body.user.organizationName).toBe('Acme Logistics');
  });

  it('refuses an invitee in an organization that is not active (422 on organizationId)', async () => {
    const s = await signInAs('superadmin');
    for (const name of ['Umbrella Health', 'Wayne Enterprises']) {
      const refused = await s.request<ErrorBody>('POST', '/api/users', invitee({ organizationId: orgId(name) }));
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors).toEqual({ organizationId: 'organizationNotActive' });
    }
    expect(table<{ id: string; username: string }>(server.db, 'users').where({ username: 'nina' })).toHaveLength(0);
  });
});

describe('changes to an account', () => {
  it('a disabled user cannot sign in and their open session ends at the next request', async () => {
    const victim = await signInAs('user');
    expect((await victim.request('GET', '/api/service-units')).status).toBe(200);
    const admin = await signInAs('admin');
    const disabled = await admin.request<UserView>('POST', `/api/users/${idOf('user')}/disable`);
    expect(disabled.body.status).toBe('disabled');
    expect((await victim.request('GET', '/api/service-units')).status).toBe(401);
    const refused = await signIn('user');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('accountDisabled');
    expect((await admin.request('POST', `/api/users/${idOf('user')}/disable`)).status).toBe(409);
    expect((await admin.request<UserView>('POST', `/api/users/${idOf('user')}/enable`)).body.status).toBe('active');
    expect((await signIn('user')).status).toBe(200);
  });

  it('edits the role within the matrix', async () => {
    const admin = await signInAs('admin');
    const target = (await admin.request<UserView>('GET', `/api/users/${idOf('operator')}`)).body;
    const ok = await admin.request<UserView>('PUT', `/api/users/${target.id}`, { ...target, roleId: 4 });
    expect(ok.status).toBe(200);
    expect(ok.body.roleId).toBe(4);
    const up = await admin.request<ErrorBody>('PUT', `/api/users/${target.id}`, { ...target, roleId: 1 });
    expect(up.status).toBe(403);
    expect(up.body.code).toBe('roleAboveOwn');
    const superAdmin = (await admin.request<UserView>('GET', `/api/users/${idOf('superadmin')}`)).body;
    expect((await admin.request('PUT', `/api/users/${superAdmin.id}`, { ...superAdmin, fullName: 'X' })).status).toBe(403);
    const self = (await admin.request<UserView>('GET', `/api/users/${idOf('admin')}`)).body;
    const own = await admin.request<ErrorBody>('PUT', `/api/users/${self.id}`, { ...self, roleId: 3 });
    expect(own.body.code).toBe('ownRoleOrStatus');
    expect((await admin.request('POST', `/api/users/${self.id}/disable`)).status).toBe(403);
    const dup = await admin.request<ErrorBody>('PUT', `/api/users/${target.id}`, { ...target, email: 'user@acme.example' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ email: 'duplicateEmail' });
  });

  it('protects the last active super admin', async () => {
    const s = await signInAs('superadmin');
    // Another super admin tries to demote the only other one.
    const second = await s.request<Invited>('POST', '/api/users', invitee({ username: 'second', email: 'second@acme.example', roleId: 1 }));
    await publicCall('POST', '/api/set-password', { token: second.body.link.token, password: 'longenough1', rePassword: 'longenough1' });
    const login = await signIn('second', 'longenough1');
    const headers = { Authorization: `Bearer ${login.body.accessToken ?? ''}`, 'Content-Type': 'application/json' };
    const first = (await s.request<UserView>('GET', `/api/users/${idOf('superadmin')}`)).body;
    expect((await fetch(`/api/users/${first.id}`, { method: 'PUT', headers, body: JSON.stringify({ ...first, roleId: 2 }) })).status).toBe(
      200,
    );
    // Now "second" is the last one: only a super admin may act on a super admin, and not on themselves.
    const again = await fetch(`/api/users/${second.body.user.id}/disable`, { method: 'POST', headers });
    expect(again.status).toBe(403);
  });

  it('refuses moving the last active super admin into an organization that is not active, and keeps them signed in', async () => {
    const s = await signInAs('superadmin');
    const self = (await s.request<UserView>('GET', `/api/users/${idOf('superadmin')}`)).body;
    for (const name of ['Umbrella Health', 'Wayne Enterprises']) {
      const refused = await s.request<ErrorBody>('PUT', `/api/users/${self.id}`, { ...self, organizationId: orgId(name) });
      expect(refused.status, name).toBe(409);
      expect(refused.body.code).toBe('lastSuperAdmin');
    }
    expect((await s.request<UserView>('GET', `/api/users/${self.id}`)).body.organizationName).toBe('Acme Logistics');
    // Into an active organization the move goes through.
    const moved = await s.request<UserView>('PUT', `/api/users/${self.id}`, { ...self, organizationId: orgId('Globex Retail') });
    expect(moved.status).toBe(200);
    expect(moved.body.organizationName).toBe('Globex Retail');
    expect((await signIn('superadmin')).status).toBe(200);
  });

  it('refuses moving anyone into an organization that is not active, and an admin moving a user out of theirs', async () => {
    const s = await signInAs('superadmin');
    const target = (await s.request<UserView>('GET', `/api/users/${idOf('user')}`)).body;
    const suspended = await s.request<ErrorBody>('PUT', `/api/users/${target.id}`, { ...target, organizationId: orgId('Umbrella Health') });
    expect(suspended.status).toBe(422);
    expect(suspended.body.errors).toEqual({ organizationId: 'organizationNotActive' });
    const admin = await signInAs('admin');
    const away = await admin.request<ErrorBody>('PUT', `/api/users/${target.id}`, { ...target, organizationId: orgId('Globex Retail') });
    expect(away.status).toBe(403);
    expect(away.body.code).toBe('otherOrganization');
    expect((await s.request<UserView>('GET', `/api/users/${target.id}`)).body.organizationName).toBe('Acme Logistics');
  });

  it('shows no open set-password link on a disabled account, and its link does not open', async () => {
    const s = await signInAs('superadmin');
    const invited = await s.request<Invited>('POST', '/api/users', invitee());
    expect(invited.body.user.hasOpenLink).toBe(true);
    const disabled = await s.request<UserView>('POST', `/api/users/${invited.body.user.id}/disable`);
    expect(disabled.body.hasOpenLink).toBe(false);
    expect((await s.request<UserView>('GET', `/api/users/${invited.body.user.id}`)).body.hasOpenLink).toBe(false);
    const open = await publicCall('POST', '/api/set-password', {
      token: invited.body.link.token,
      password: 'longenough1',
      rePassword: 'longenough1',
    });
    expect(open.status).toBe(404);
  });

  it('resets the password with a new link, revokes sessions and deletes', async () => {
    const victim = await signInAs('user');
    const admin = await signInAs('admin');
    const id = idOf('user');
    const reset = await admin.request<Invited>('POST', `/api/users/${id}/reset-password`);
    expect(reset.status).toBe(200);
    expect(reset.body.link.token).toMatch(/^[0-9a-f]+$/);
    const revoked = await admin.request<{ revoked: number }>('POST', `/api/users/${id}/revoke-sessions`);
    expect(revoked.body.revoked).toBeGreaterThan(0);
    expect((await victim.request('GET', '/api/service-units')).status).toBe(401);
    expect((await admin.request('DELETE', `/api/users/${id}`)).status).toBe(204);
    expect((await admin.request('GET', `/api/users/${id}`)).status).toBe(404);
  });

  it('answers 404 for another organization’s ids and unknown ids, 403 for read-only roles, 401 without a token', async () => {
    const admin = await signInAs('admin');
    const globex = idOf('globex');
    for (const [method, path] of [
      ['PUT', `/api/users/${globex}`],
      ['POST', `/api/users/${globex}/disable`],
      ['POST', `/api/users/${globex}/reset-password`],
      ['POST', `/api/users/${globex}/revoke-sessions`],
      ['DELETE', `/api/users/${globex}`],
      ['GET', `/api/users/${globex}/audit`],
      ['DELETE', '/api/users/99999'],
    ] as const) {
      expect((await admin.request(method, path, method === 'PUT' ? invitee() : undefined)).status, `${method} ${path}`).toBe(404);
    }
    const operator = await signInAs('operator');
    expect((await operator.request('POST', `/api/users/${idOf('user')}/disable`)).status).toBe(403);
    expect((await operator.request('DELETE', `/api/users/${idOf('user')}`)).status).toBe(403);
    expect((await fetch(`/api/users/${idOf('user')}/disable`, { method: 'POST' })).status).toBe(401);
  });
});

describe('GET /api/users/:id/audit', () => {
  it('lists the user’s own entries with actor, before and after', async () => {
    const admin = await signInAs('admin');
    const id = idOf('user');
    await admin.request('POST', `/api/users/${id}/disable`);
    const trail = await admin.request<
      Page<{ action: string; actorName: string; actorRoleId: number; before: { status: string }; after: { status: string } }>
    >('GET', `/api/users/${id}/audit`);
    expect(trail.body.items[0]).toMatchObject({
      action: 'disable',
      actorName: 'Adam Manager',
      actorRoleId: 2,
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    const operator = await signInAs('operator');
    expect((await operator.request('GET', `/api/users/${id}/audit`)).status).toBe(403);
  });
});
