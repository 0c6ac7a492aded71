import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { subjectOf, type UserRow } from '@mirage/http';
import { can } from '@machines/permissions/can';
import { signInAs } from './monitoring-helpers';
import { validOrg } from './organization-input';

let server: Server | undefined;
const NEW_ORGANIZATION = validOrg();
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

describe('Mirage asks the same can() as the screens', () => {
  it('the API app answers 403 with can()’s reason for a refused role, and serves a permitted one', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const refused = await user.request<{ message: string; reason: string }>('GET', '/api/admin/dashboard/summary');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Forbidden', reason: 'noAdminArea' });

    const operator = await signInAs('operator');
    expect((await operator.request('GET', '/api/admin/dashboard/summary')).status).toBe(200);
    const readOnly = await operator.request<{ reason: string }>('POST', '/api/organizations', NEW_ORGANIZATION);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.reason).toBe('readOnlyRole');

    const superAdmin = await signInAs('superadmin');
    expect((await superAdmin.request('POST', '/api/organizations', NEW_ORGANIZATION)).status).toBe(201);
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

  it('an admin’s change to another organization is refused with can()’s reason', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const admin = await signInAs('admin');
    const orgs = await admin.request<{ items: { id: string; name: string }[] }>('GET', '/api/organizations');
    const other = orgs.body.items.find((o) => o.name === 'Globex Retail');
    expect(other).toBeDefined();
    const answer = await admin.request<{ reason: string }>('PUT', `/api/organizations/${String(other?.id)}`, {
      ...NEW_ORGANIZATION,
      code: 'globex2',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.reason).toBe(
      can({ id: 'a', roleId: 2, organizationId: '1' }, 'update', 'organization', { organizationId: '2' }).reason,
    );
    expect(answer.body.reason).toBe('otherOrganization');
  });
});
