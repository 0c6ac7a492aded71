import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import type { AuditRow } from '@mirage/domains/audit';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

let server: Server;
beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
});
afterEach(() => server.shutdown());

const idOf = (username: string) => String(table<{ id: string; username: string }>(server.db, 'users').where({ username })[0]?.id);
const orgId = (name: string) => String(table<{ id: string; name: string }>(server.db, 'organizations').where({ name })[0]?.id);

describe('GET /api/audit-log', () => {
  it('answers 401 without a token and 403 for operators and users', async () => {
    expect((await fetch('/api/audit-log')).status).toBe(401);
    for (const name of ['operator', 'user', 'globex']) {
      const s = await signInAs(name);
      expect((await s.request('GET', '/api/audit-log')).status).toBe(403);
    }
  });

  it('records every admin change with at, actor, role, organization, resource, action, record, before and after', async () => {
    const superAdmin = await signInAs('superadmin');
    await superAdmin.request('POST', `/api/organizations/${orgId('Globex Retail')}/suspend`, { reason: 'Overdue' });
    const admin = await signInAs('admin');
    await admin.request('POST', `/api/users/${idOf('user')}/disable`);
    const { status, body } = await superAdmin.request<Page<AuditRow>>('GET', '/api/audit-log');
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    // Newest first.
    expect(body.items[0]).toMatchObject({
      actorId: idOf('admin'),
      actorRoleId: 2,
      organizationId: orgId('Acme Logistics'),
      resource: 'user',
      action: 'disable',
      recordId: idOf('user'),
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    expect(Date.parse(body.items[0]?.at ?? '')).not.toBeNaN();
    expect(body.items[1]).toMatchObject({ resource: 'organization', action: 'suspend', reason: 'Overdue', actorRoleId: 1 });
    // Secrets never reach the log.
    expect(JSON.stringify(body.items)).not.toMatch(/passwordHash|salt|setPasswordDigest/);
  });

  it('filters by resource and actor, and pages', async () => {
    const superAdmin = await signInAs('superadmin');
    await superAdmin.request('POST', `/api/organizations/${orgId('Globex Retail')}/suspend`, { reason: 'x' });
    await superAdmin.request('POST', `/api/organizations/${orgId('Globex Retail')}/activate`, { reason: 'y' });
    const admin = await signInAs('admin');
    await admin.request('POST', `/api/users/${idOf('user')}/disable`);
    const orgs = await superAdmin.request<Page<AuditRow>>('GET', '/api/audit-log?resource=organization');
    expect(orgs.body.items.map((r) => r.action)).toEqual(['activate', 'suspend']);
    const byAdmin = await superAdmin.request<Page<AuditRow>>('GET', `/api/audit-log?actorId=${idOf('admin')}`);
    expect(byAdmin.body.items.map((r) => r.action)).toEqual(['disable']);
    const paged = await superAdmin.request<Page<AuditRow>>('GET', '/api/audit-log?pageSize=1&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.body.items.map((r) => r.action)).toEqual(['activate']);
  });

  it('shows an admin only their own organization’s entries, whatever they ask for', async () => {
    const superAdmin = await signInAs('superadmin');
    await superAdmin.request('POST', `/api/organizations/${orgId('Globex Retail')}/suspend`, { reason: 'x' });
    const admin = await signInAs('admin');
    await admin.request('POST', `/api/users/${idOf('user')}/disable`);
    const own = await admin.request<Page<AuditRow>>('GET', '/api/audit-log');
    expect(own.body.items.map((r) => r.organizationId)).toEqual([orgId('Acme Logistics')]);
    const other = await admin.request<Page<AuditRow>>('GET', `/api/audit-log?organizationId=${orgId('Globex Retail')}`);
    expect(other.body.items.map((r) => r.organizationId)).toEqual([orgId('Acme Logistics')]);
  });
});
