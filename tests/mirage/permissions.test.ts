import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { forbidden, json, subjectOf, withAuth, type UserRow } from '@mirage/http';
import { can } from '@machines/permissions/can';
import { signInAs } from './monitoring-helpers';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

describe('Mirage asks the same can() as the screens', () => {
  it('withAuth({ permission }) answers 403 with the reason for a refused role, and runs the handler otherwise', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const s = server;
    s.get(
      '/api/test/admin-only',
      withAuth(s, () => json(200, { ok: true }), { permission: { action: 'read', resource: 'adminArea' } }),
    );
    s.post(
      '/api/test/org-create',
      withAuth(s, () => json(201, { ok: true }), { permission: { action: 'create', resource: 'organization' } }),
    );

    const user = await signInAs('user');
    const refused = await user.request<{ message: string; reason: string }>('GET', '/api/test/admin-only');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Forbidden', reason: 'noAdminArea' });

    const operator = await signInAs('operator');
    expect((await operator.request('GET', '/api/test/admin-only')).status).toBe(200);
    const readOnly = await operator.request<{ reason: string }>('POST', '/api/test/org-create', {});
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.reason).toBe('readOnlyRole');

    const superAdmin = await signInAs('superadmin');
    expect((await superAdmin.request('POST', '/api/test/org-create', {})).status).toBe(201);
  });

  it('subjectOf() gives an odd row the least privilege: an unknown role is role 4, an empty organization is none', () => {
    const odd = { id: 7, roleId: 9, organizationId: '' } as unknown as UserRow;
    expect(subjectOf(odd)).toEqual({ id: '7', roleId: 4, organizationId: null });
    // Two rows without an organization do not share one.
    expect(can(subjectOf(odd), 'update', 'serviceUnit', { organizationId: null }).allowed).toBe(false);
    expect(can(subjectOf(odd), 'read', 'adminArea').allowed).toBe(false);
    const disabled = { id: 8, roleId: 1, organizationId: 1, accountStatus: 'disabled' } as unknown as UserRow;
    expect(subjectOf(disabled)).toEqual({ id: '8', roleId: 1, organizationId: '1', status: 'disabled' });
  });

  it('forbidden() agrees with can() for a record in another organization', () => {
    const admin = { id: '2', roleId: 2, organizationId: '1' } as UserRow;
    expect(subjectOf(admin)).toEqual({ id: '2', roleId: 2, organizationId: '1' });
    expect(forbidden(admin, 'update', 'organization', { organizationId: '1' })).toBeNull();
    const answer = forbidden(admin, 'update', 'organization', { organizationId: '2' });
    expect(answer?.toRackResponse()[0]).toBe(403);
    expect(can(subjectOf(admin), 'update', 'organization', { organizationId: '2' }).reason).toBe('otherOrganization');
  });
});
