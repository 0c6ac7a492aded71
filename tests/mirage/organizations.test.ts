import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import type { OrganizationView } from '../../api/services/organizations';
import type { UserRow } from '@mirage/http';
import { makeServer, type Server } from '@mirage/server';
import { signInAs, type Session } from './monitoring-helpers';
import { validOrg } from './organization-input';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  code?: string;
}

let server: Server;
beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
});
afterEach(() => server.shutdown());

const orgId = (name: string) => String(table<{ id: string; name: string }>(server.db, 'organizations').where({ name })[0]?.id);

async function signInRaw(username: string): Promise<{ status: number; body: ErrorBody & { accessToken?: string } }> {
  const response = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
    body: JSON.stringify({ params: { username, password: 'demo1234' } }),
  });
  return { status: response.status, body: (await response.json()) as ErrorBody & { accessToken?: string } };
}

describe('GET /api/organizations', () => {
  it('answers 401 without a token and 403 for role 4', async () => {
    expect((await fetch('/api/organizations')).status).toBe(401);
    const user = await signInAs('user');
    expect((await user.request('GET', '/api/organizations')).status).toBe(403);
    expect((await user.request('GET', `/api/organizations/${orgId('Acme Logistics')}`)).status).toBe(403);
  });

  it('lists every organization with derived unit and user counts for admins and operators', async () => {
    for (const name of ['superadmin', 'admin', 'operator']) {
      const s = await signInAs(name);
      const { status, body } = await s.request<Page<OrganizationView>>('GET', '/api/organizations?pageSize=100');
      expect(status).toBe(200);
      const acme = body.items.find((o) => o.code === 'ACME');
      const users = table<UserRow>(server.db, 'users').where((u) => String(u.organizationId) === acme?.id).length;
      const units = table<{ id: string; organizationId: string }>(server.db, 'serviceUnits').where(
        (u) => String(u.organizationId) === acme?.id,
      ).length;
      expect(acme).toMatchObject({ name: 'Acme Logistics', status: 'active', userCount: users, unitCount: units });
      expect(body.items.map((o) => o.code)).toContain('GLOBEX');
    }
  });

  it('pages, sorts, filters by status and searches on the server', async () => {
    const s = await signInAs('superadmin');
    const sorted = await s.request<Page<OrganizationView>>('GET', '/api/organizations?sort=name&order=desc&pageSize=2&page=1');
    expect(sorted.body.pageSize).toBe(2);
    expect(sorted.body.items).toHaveLength(2);
    const names = sorted.body.items.map((o) => o.name);
    expect([...names].sort().reverse()).toEqual(names);
    const suspended = await s.request<Page<OrganizationView>>('GET', '/api/organizations?status=suspended');
    expect(suspended.body.items.length).toBeGreaterThan(0);
    expect(suspended.body.items.every((o) => o.status === 'suspended')).toBe(true);
    const search = await s.request<Page<OrganizationView>>('GET', '/api/organizations?search=glob');
    expect(search.body.items.map((o) => o.code)).toEqual(['GLOBEX']);
  });

  it('export answers every matching row without paging', async () => {
    const s = await signInAs('superadmin');
    const all = await s.request<Page<OrganizationView>>('GET', '/api/organizations');
    const exported = await s.request<{ items: OrganizationView[]; total: number }>('GET', '/api/organizations/export?pageSize=1');
    expect(exported.body.total).toBe(all.body.total);
    expect(exported.body.items).toHaveLength(all.body.total);
  });

  it('answers 404 for an unknown id', async () => {
    const s = await signInAs('operator');
    expect((await s.request('GET', '/api/organizations/99999')).status).toBe(404);
  });
});

describe('POST /api/organizations', () => {
  it('lets only a super admin create, with the code uppercased', async () => {
    for (const name of ['admin', 'operator', 'user']) {
      const s = await signInAs(name);
      expect((await s.request('POST', '/api/organizations', validOrg())).status).toBe(403);
    }
    const s = await signInAs('superadmin');
    const { status, body } = await s.request<OrganizationView>('POST', '/api/organizations', validOrg());
    expect(status).toBe(201);
    expect(body).toMatchObject({ code: 'TYRELL', status: 'active', userCount: 0, unitCount: 0 });
  });

  it('answers 422 with field messages for bad input and a duplicate code', async () => {
    const s = await signInAs('superadmin');
    const bad = await s.request<ErrorBody>('POST', '/api/organizations', {
      ...validOrg({ name: '', code: 'acme', contactEmail: 'nope', timezone: 'Mars/Base', seatLimit: -1 }),
      screenshotPolicy: { enabled: true, intervalMinutes: 0, retentionDays: 9999 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: 'required',
      code: 'duplicateCode',
      contactEmail: 'invalidEmail',
      timezone: 'invalidTimezone',
      seatLimit: 'outOfRange',
      'screenshotPolicy.intervalMinutes': 'outOfRange',
      'screenshotPolicy.retentionDays': 'outOfRange',
    });
  });
});

describe('PUT /api/organizations/:id', () => {
  it('refuses a seat limit below the current unit count with 422', async () => {
    const s = await signInAs('superadmin');
    const id = orgId('Acme Logistics');
    const current = (await s.request<OrganizationView>('GET', `/api/organizations/${id}`)).body;
    expect(current.unitCount).toBeGreaterThan(0);
    const { status, body } = await s.request<ErrorBody>('PUT', `/api/organizations/${id}`, {
      ...current,
      seatLimit: current.unitCount - 1,
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ seatLimit: 'belowUnitCount' });
    const ok = await s.request<OrganizationView>('PUT', `/api/organizations/${id}`, {
      ...current,
      seatLimit: current.unitCount,
      phone: '+1 555 0199',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ seatLimit: current.unitCount, phone: '+1 555 0199' });
  });

  it('lets an admin edit their own organization but not another, nor its code or seat limit', async () => {
    const admin = await signInAs('admin');
    const acme = (await admin.request<OrganizationView>('GET', `/api/organizations/${orgId('Acme Logistics')}`)).body;
    expect((await admin.request('PUT', `/api/organizations/${acme.id}`, { ...acme, address: 'New address 1' })).status).toBe(200);
    expect((await admin.request('PUT', `/api/organizations/${acme.id}`, { ...acme, seatLimit: acme.seatLimit + 100 })).status).toBe(403);
    const globex = (await admin.request<OrganizationView>('GET', `/api/organizations/${orgId('Globex Retail')}`)).body;
    expect((await admin.request('PUT', `/api/organizations/${globex.id}`, { ...globex, address: 'x' })).status).toBe(403);
    const operator = await signInAs('operator');
    expect((await operator.request('PUT', `/api/organizations/${acme.id}`, acme)).status).toBe(403);
  });

  it('answers 404 for an unknown id and 401 without a token', async () => {
    const s = await signInAs('superadmin');
    expect((await s.request('PUT', '/api/organizations/99999', validOrg())).status).toBe(404);
    expect((await fetch(`/api/organizations/${orgId('Acme Logistics')}`, { method: 'PUT', body: '{}' })).status).toBe(401);
  });
});

describe('suspend, activate, archive', () => {
  it('suspending needs a reason, refuses sign-in to its users and ends their open sessions', async () => {
    const globexUser = await signInAs('globex');
    expect((await globexUser.request('GET', '/api/service-units')).status).toBe(200);
    const s = await signInAs('superadmin');
    const id = orgId('Globex Retail');
    const noReason = await s.request<ErrorBody>('POST', `/api/organizations/${id}/suspend`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: 'required' });
    const done = await s.request<OrganizationView>('POST', `/api/organizations/${id}/suspend`, { reason: 'Invoice overdue' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'suspended', statusReason: 'Invoice overdue' });
    expect((await globexUser.request('GET', '/api/service-units')).status).toBe(401);
    const refused = await signInRaw('globex');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'organizationSuspended' });
    expect(refused.body.message).toMatch(/organization is suspended/i);
    // Suspending twice is a conflict; reactivating lets them in again.
    expect((await s.request('POST', `/api/organizations/${id}/suspend`, { reason: 'again' })).status).toBe(409);
    expect((await s.request('POST', `/api/organizations/${id}/activate`, { reason: 'Paid' })).status).toBe(200);
    expect((await signInRaw('globex')).status).toBe(200);
  });

  it('lets only a super admin change the status, and never of their own organization', async () => {
    const id = orgId('Globex Retail');
    for (const name of ['admin', 'operator', 'user']) {
      const s = await signInAs(name);
      expect((await s.request('POST', `/api/organizations/${id}/suspend`, { reason: 'x' })).status).toBe(403);
      expect((await s.request('POST', `/api/organizations/${id}/archive`, {})).status).toBe(403);
    }
    const s = await signInAs('superadmin');
    const own = await s.request<ErrorBody>('POST', `/api/organizations/${orgId('Acme Logistics')}/suspend`, { reason: 'x' });
    expect(own.status).toBe(409);
    expect(own.body.errors).toEqual({ status: 'ownOrganization' });
    expect((await s.request('POST', '/api/organizations/99999/suspend', { reason: 'x' })).status).toBe(404);
    const archived = await s.request<OrganizationView>('POST', `/api/organizations/${id}/archive`, {});
    expect(archived.body.status).toBe('archived');
    expect((await signInRaw('globex')).body.code).toBe('organizationArchived');
  });

  it('bulk suspends and activates, skipping rows already there', async () => {
    const s = await signInAs('superadmin');
    const ids = [orgId('Globex Retail'), orgId('Initech Services'), orgId('Umbrella Health')];
    const result = await s.request<{ updated: number; skipped: number }>('POST', '/api/organizations/bulk-status', {
      action: 'suspend',
      ids,
      reason: 'Audit',
    });
    expect(result.body).toMatchObject({ updated: 2, skipped: 1 });
    const back = await s.request<{ updated: number }>('POST', '/api/organizations/bulk-status', {
      action: 'activate',
      ids,
      reason: 'Done',
    });
    expect(back.body.updated).toBe(3);
    expect((await s.request('POST', '/api/organizations/bulk-status', { action: 'suspend', ids: [], reason: 'x' })).status).toBe(422);
    expect((await s.request('POST', '/api/organizations/bulk-status', { action: 'suspend', ids: ['99999'], reason: 'x' })).status).toBe(
      404,
    );
    const admin = await signInAs('admin');
    expect((await admin.request('POST', '/api/organizations/bulk-status', { action: 'suspend', ids, reason: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/organizations/:id', () => {
  it('is refused while the organization has users or units, with a message that says so', async () => {
    const s = await signInAs('superadmin');
    const { status, body } = await s.request<ErrorBody & { userCount: number; unitCount: number }>(
      'DELETE',
      `/api/organizations/${orgId('Globex Retail')}`,
    );
    expect(status).toBe(409);
    expect(body.userCount).toBeGreaterThan(0);
    expect(body.message).toMatch(/still has \d+ users and \d+ units/);
  });

  it('deletes an empty organization for a super admin only', async () => {
    const s = await signInAs('superadmin');
    const created = (await s.request<OrganizationView>('POST', '/api/organizations', validOrg())).body;
    const admin = await signInAs('admin');
    expect((await admin.request('DELETE', `/api/organizations/${created.id}`)).status).toBe(403);
    expect((await s.request('DELETE', `/api/organizations/${created.id}`)).status).toBe(204);
    expect((await s.request('GET', `/api/organizations/${created.id}`)).status).toBe(404);
    expect((await s.request('DELETE', `/api/organizations/${created.id}`)).status).toBe(404);
  });

  it("takes the organization's URL rules with it, and leaves the others' alone (the server's schema cascades alike)", async () => {
    const s = await signInAs('superadmin');
    const created = (await s.request<OrganizationView>('POST', '/api/organizations', validOrg())).body;
    const rules = table<{ id: string; organizationId: string }>(server.db, 'urlRestrictions');
    const others = rules.all().length;
    const rule = rules.all()[0];
    if (!rule) throw new Error('the seed has URL rules');
    const { id: _seeded, ...copy } = rule;
    rules.insert({ ...copy, organizationId: String(created.id) });
    expect(rules.where({ organizationId: String(created.id) })).toHaveLength(1);

    expect((await s.request('DELETE', `/api/organizations/${created.id}`)).status).toBe(204);
    expect(rules.where({ organizationId: String(created.id) })).toHaveLength(0);
    expect(rules.all()).toHaveLength(others);
  });
});

describe('GET /api/organizations/:id/audit', () => {
  it('shows the organization its own entries; an admin sees only their organization', async () => {
    const s = await signInAs('superadmin');
    const id = orgId('Globex Retail');
    await s.request('POST', `/api/organizations/${id}/suspend`, { reason: 'Check' });
    const trail = await s.request<
      Page<{ action: string; resource: string; reason: string; before: { status: string }; after: { status: string } }>
    >('GET', `/api/organizations/${id}/audit`);
    expect(trail.status).toBe(200);
    expect(trail.body.items[0]).toMatchObject({
      action: 'suspend',
      resource: 'organization',
      reason: 'Check',
      before: { status: 'active' },
      after: { status: 'suspended' },
    });
    const admin = await signInAs('admin');
    expect((await admin.request('GET', `/api/organizations/${id}/audit`)).status).toBe(404);
    expect((await admin.request('GET', `/api/organizations/${orgId('Acme Logistics')}/audit`)).status).toBe(200);
    const operator: Session = await signInAs('operator');
    expect((await operator.request('GET', `/api/organizations/${id}/audit`)).status).toBe(403);
  });
});
