import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  inReadScope,
  readScope,
  RESOURCES,
  type Action,
  type PermissionReason,
  type PermissionRecord,
  type Resource,
  type Subject,
} from './can';

const ACME = 'org-acme';
const GLOBEX = 'org-globex';
const superAdmin: Subject = { id: 'u1', roleId: 1, organizationId: ACME, status: 'active' };
const admin: Subject = { id: 'u2', roleId: 2, organizationId: ACME, status: 'active' };
const operator: Subject = { id: 'u3', roleId: 3, organizationId: ACME, status: 'active' };
const user: Subject = { id: 'u4', roleId: 4, organizationId: ACME, status: 'active' };
const globexUser: Subject = { id: 'u5', roleId: 4, organizationId: GLOBEX };
const disabledAdmin: Subject = { ...admin, status: 'disabled' };
const invitedUser: Subject = { ...user, status: 'invited' };

const acmeOrg: PermissionRecord = { id: ACME, organizationId: ACME };
const globexOrg: PermissionRecord = { id: GLOBEX, organizationId: GLOBEX };
const acmeUser = (roleId: 1 | 2 | 3 | 4, extra: PermissionRecord = {}): PermissionRecord => ({
  id: `acme-${roleId}`,
  organizationId: ACME,
  roleId,
  status: 'active',
  ...extra,
});
const globexMember: PermissionRecord = { id: 'g-4', organizationId: GLOBEX, roleId: 4, status: 'active' };
const acmeUnit: PermissionRecord = { id: 'unit-1', organizationId: ACME };
const globexUnit: PermissionRecord = { id: 'unit-9', organizationId: GLOBEX };

type Row = [string, Subject, Action, Resource, PermissionRecord | undefined, boolean, PermissionReason];

/** docs/permissions.md, row by row. */
const table: Row[] = [
  // Super admin (1): everything in every organization.
  ['super admin opens the admin area', superAdmin, 'read', 'adminArea', undefined, true, 'adminRole'],
  ['super admin creates an organization', superAdmin, 'create', 'organization', undefined, true, 'superAdmin'],
  ['super admin edits another organization', superAdmin, 'update', 'organization', globexOrg, true, 'superAdmin'],
  ['super admin suspends an organization', superAdmin, 'suspend', 'organization', globexOrg, true, 'superAdmin'],
  ['super admin archives an organization', superAdmin, 'archive', 'organization', globexOrg, true, 'superAdmin'],
  ['super admin deletes an organization', superAdmin, 'delete', 'organization', globexOrg, true, 'superAdmin'],
  ['super admin invites a super admin', superAdmin, 'invite', 'user', { organizationId: GLOBEX, nextRoleId: 1 }, true, 'superAdmin'],
  ['super admin disables a user of another organization', superAdmin, 'disable', 'user', globexMember, true, 'superAdmin'],
  [
    'super admin demotes one of two super admins',
    superAdmin,
    'update',
    'user',
    acmeUser(1, { nextRoleId: 2, activeSuperAdminCount: 2 }),
    true,
    'superAdmin',
  ],
  ['super admin resets a password', superAdmin, 'resetPassword', 'user', globexMember, true, 'superAdmin'],
  ['super admin revokes sessions', superAdmin, 'revokeSessions', 'user', globexMember, true, 'superAdmin'],
  ['super admin reads the audit log of any organization', superAdmin, 'read', 'auditLog', globexOrg, true, 'superAdmin'],
  ['super admin edits a unit of another organization', superAdmin, 'update', 'serviceUnit', globexUnit, true, 'superAdmin'],
  ['super admin reads the prediction report', superAdmin, 'read', 'predictionReport', undefined, true, 'readAccess'],
  // The last active super admin cannot be demoted, disabled or deleted.
  [
    'the last super admin cannot be demoted',
    superAdmin,
    'update',
    'user',
    acmeUser(1, { nextRoleId: 2, activeSuperAdminCount: 1 }),
    false,
    'lastSuperAdmin',
  ],
  [
    'the last super admin cannot be disabled',
    superAdmin,
    'disable',
    'user',
    acmeUser(1, { activeSuperAdminCount: 1 }),
    false,
    'lastSuperAdmin',
  ],
  [
    'the last super admin cannot be deleted',
    superAdmin,
    'delete',
    'user',
    acmeUser(1, { activeSuperAdminCount: 1 }),
    false,
    'lastSuperAdmin',
  ],
  [
    'the last super admin may still be renamed',
    superAdmin,
    'update',
    'user',
    acmeUser(1, { activeSuperAdminCount: 1 }),
    true,
    'superAdmin',
  ],
  [
    'a disabled super admin is not the last active one',
    superAdmin,
    'delete',
    'user',
    acmeUser(1, { status: 'disabled', activeSuperAdminCount: 1 }),
    true,
    'superAdmin',
  ],

  // Admin (2): the users of their own organization, with roles 2–4 only.
  ['admin opens the admin area', admin, 'read', 'adminArea', undefined, true, 'adminRole'],
  ['admin may invite someone', admin, 'invite', 'user', undefined, true, 'ownOrganization'],
  [
    'admin invites a user into their organization',
    admin,
    'invite',
    'user',
    { organizationId: ACME, nextRoleId: 4 },
    true,
    'ownOrganization',
  ],
  [
    'admin creates an admin in their organization',
    admin,
    'create',
    'user',
    { organizationId: ACME, nextRoleId: 2 },
    true,
    'ownOrganization',
  ],
  ['admin cannot create a super admin', admin, 'create', 'user', { organizationId: ACME, nextRoleId: 1 }, false, 'roleAboveOwn'],
  ['admin cannot promote a user to super admin', admin, 'update', 'user', acmeUser(4, { nextRoleId: 1 }), false, 'roleAboveOwn'],
  ['admin promotes a user to operator', admin, 'update', 'user', acmeUser(4, { nextRoleId: 3 }), true, 'ownOrganization'],
  ['admin cannot edit a super admin', admin, 'update', 'user', acmeUser(1), false, 'roleAboveOwn'],
  ['admin cannot disable a super admin', admin, 'disable', 'user', acmeUser(1, { activeSuperAdminCount: 5 }), false, 'roleAboveOwn'],
  ['admin disables a user of their organization', admin, 'disable', 'user', acmeUser(4), true, 'ownOrganization'],
  ['admin enables a user of their organization', admin, 'enable', 'user', acmeUser(4, { status: 'disabled' }), true, 'ownOrganization'],
  ['admin deletes an operator of their organization', admin, 'delete', 'user', acmeUser(3), true, 'ownOrganization'],
  ['admin resets a password in their organization', admin, 'resetPassword', 'user', acmeUser(4), true, 'ownOrganization'],
  ['admin revokes sessions in their organization', admin, 'revokeSessions', 'user', acmeUser(2), true, 'ownOrganization'],
  ['admin reads the users of their organization', admin, 'read', 'user', acmeUser(1), true, 'ownOrganization'],
  ['admin cannot read another organization’s users', admin, 'read', 'user', globexMember, false, 'otherOrganization'],
  ['admin cannot disable another organization’s user', admin, 'disable', 'user', globexMember, false, 'otherOrganization'],
  [
    'admin cannot invite into another organization',
    admin,
    'invite',
    'user',
    { organizationId: GLOBEX, nextRoleId: 4 },
    false,
    'otherOrganization',
  ],
  // Admin: may edit their own organization, and reads the others.
  ['admin edits their own organization', admin, 'update', 'organization', acmeOrg, true, 'ownOrganization'],
  ['admin cannot edit another organization', admin, 'update', 'organization', globexOrg, false, 'otherOrganization'],
  ['admin reads another organization', admin, 'read', 'organization', globexOrg, true, 'readAccess'],
  ['admin exports organizations', admin, 'export', 'organization', undefined, true, 'readAccess'],
  ['admin cannot create an organization', admin, 'create', 'organization', undefined, false, 'superAdminOnly'],
  ['admin cannot suspend their organization', admin, 'suspend', 'organization', acmeOrg, false, 'superAdminOnly'],
  ['admin cannot delete their organization', admin, 'delete', 'organization', acmeOrg, false, 'superAdminOnly'],
  ['admin reads their organization’s audit log', admin, 'read', 'auditLog', acmeOrg, true, 'ownOrganization'],
  ['admin cannot read another organization’s audit log', admin, 'read', 'auditLog', globexOrg, false, 'otherOrganization'],
  ['admin reads the prediction report', admin, 'read', 'predictionReport', undefined, true, 'readAccess'],
  ['admin edits a unit of their organization', admin, 'update', 'serviceUnit', acmeUnit, true, 'ownOrganization'],
  ['admin cannot edit a unit of another organization', admin, 'update', 'serviceUnit', globexUnit, false, 'otherOrganization'],

  // System operator (3): reads organizations, users and the prediction report; changes nothing.
  ['operator opens the admin area', operator, 'read', 'adminArea', undefined, true, 'adminRole'],
  ['operator reads organizations', operator, 'read', 'organization', globexOrg, true, 'readAccess'],
  ['operator reads users of any organization', operator, 'read', 'user', globexMember, true, 'readAccess'],
  ['operator reads the prediction report', operator, 'read', 'predictionReport', undefined, true, 'readAccess'],
  ['operator exports the prediction report', operator, 'export', 'predictionReport', undefined, true, 'readAccess'],
  ['operator cannot edit an organization', operator, 'update', 'organization', acmeOrg, false, 'readOnlyRole'],
  ['operator cannot create an organization', operator, 'create', 'organization', undefined, false, 'readOnlyRole'],
  ['operator cannot invite a user', operator, 'invite', 'user', { organizationId: ACME, nextRoleId: 4 }, false, 'readOnlyRole'],
  ['operator cannot disable a user', operator, 'disable', 'user', acmeUser(4), false, 'readOnlyRole'],
  ['operator cannot reset a password', operator, 'resetPassword', 'user', acmeUser(4), false, 'readOnlyRole'],
  ['operator cannot read the audit log', operator, 'read', 'auditLog', acmeOrg, false, 'superAdminOnly'],
  ['operator cannot edit a unit', operator, 'update', 'serviceUnit', acmeUnit, false, 'readOnlyRole'],
  ['operator cannot delete a URL rule', operator, 'delete', 'urlRule', acmeUnit, false, 'readOnlyRole'],

  // User (4): no admin area at all; manages their own organization's units, rules, screenshots.
  ['user has no admin area', user, 'read', 'adminArea', undefined, false, 'noAdminArea'],
  ['user opens the user area', user, 'read', 'userArea', undefined, true, 'userRole'],
  ['admins have no user area', admin, 'read', 'userArea', undefined, false, 'noUserArea'],
  ['user cannot read organizations', user, 'read', 'organization', acmeOrg, false, 'noAdminArea'],
  ['user cannot read users', user, 'read', 'user', acmeUser(4), false, 'noAdminArea'],
  ['user cannot invite', user, 'invite', 'user', undefined, false, 'noAdminArea'],
  ['user cannot read the prediction report', user, 'read', 'predictionReport', undefined, false, 'noAdminArea'],
  ['user cannot read the audit log', user, 'read', 'auditLog', undefined, false, 'noAdminArea'],
  ['user creates a unit', user, 'create', 'serviceUnit', undefined, true, 'ownOrganization'],
  ['user edits their organization’s unit', user, 'update', 'serviceUnit', acmeUnit, true, 'ownOrganization'],
  ['user deletes their organization’s URL rule', user, 'delete', 'urlRule', acmeUnit, true, 'ownOrganization'],
  ['user disables their organization’s process rule', user, 'disable', 'processRule', acmeUnit, true, 'ownOrganization'],
  ['user deletes their organization’s screenshot', user, 'delete', 'screenshot', acmeUnit, true, 'ownOrganization'],
  ['user cannot read another organization’s unit', globexUser, 'read', 'serviceUnit', acmeUnit, false, 'otherOrganization'],
  ['user cannot delete another organization’s screenshot', globexUser, 'delete', 'screenshot', acmeUnit, false, 'otherOrganization'],

  // Nobody can raise a role above their own, or change their own role or status.
  [
    'admin cannot change their own role',
    admin,
    'update',
    'user',
    { id: admin.id, organizationId: ACME, roleId: 2, nextRoleId: 3 },
    false,
    'ownRoleOrStatus',
  ],
  [
    'super admin cannot change their own role',
    superAdmin,
    'update',
    'user',
    { id: superAdmin.id, organizationId: ACME, roleId: 1, nextRoleId: 2, activeSuperAdminCount: 3 },
    false,
    'ownRoleOrStatus',
  ],
  [
    'super admin cannot disable themselves',
    superAdmin,
    'disable',
    'user',
    { id: superAdmin.id, roleId: 1, activeSuperAdminCount: 3 },
    false,
    'ownRoleOrStatus',
  ],
  ['admin cannot delete themselves', admin, 'delete', 'user', { id: admin.id, organizationId: ACME, roleId: 2 }, false, 'ownRoleOrStatus'],
  ['admin cannot enable themselves', admin, 'enable', 'user', { id: admin.id, organizationId: ACME, roleId: 2 }, false, 'ownRoleOrStatus'],
  [
    'admin may save their own record with the same role',
    admin,
    'update',
    'user',
    { id: admin.id, organizationId: ACME, roleId: 2, nextRoleId: 2 },
    true,
    'ownOrganization',
  ],

  // Profiles: everyone edits their own, nobody another's.
  ['user edits their own profile', user, 'update', 'profile', { id: user.id }, true, 'ownProfile'],
  ['admin reads their own profile', admin, 'read', 'profile', undefined, true, 'ownProfile'],
  ['super admin cannot edit another’s profile', superAdmin, 'update', 'profile', { id: user.id }, false, 'notOwnProfile'],

  // Only active accounts act.
  ['a disabled admin can do nothing', disabledAdmin, 'read', 'adminArea', undefined, false, 'inactiveAccount'],
  ['an invited user can do nothing', invitedUser, 'read', 'serviceUnit', acmeUnit, false, 'inactiveAccount'],
  ['a subject without a status is treated as active', globexUser, 'read', 'serviceUnit', globexUnit, true, 'ownOrganization'],

  // Licensing fields of an organization (code, seat limit) belong to the super admin.
  ['super admin changes an organization’s licence', superAdmin, 'changeLicense', 'organization', globexOrg, true, 'superAdmin'],
  ['admin cannot change their own organization’s licence', admin, 'changeLicense', 'organization', acmeOrg, false, 'superAdminOnly'],
  ['operator cannot change a licence', operator, 'changeLicense', 'organization', acmeOrg, false, 'readOnlyRole'],
  ['nobody changes a unit’s licence', superAdmin, 'changeLicense', 'serviceUnit', acmeUnit, false, 'unknownAction'],

  // Actions that do not exist for a resource are refused, not guessed.
  ['nobody suspends a service unit', superAdmin, 'suspend', 'serviceUnit', undefined, false, 'unknownAction'],
  ['nobody deletes the prediction report', superAdmin, 'delete', 'predictionReport', undefined, false, 'unknownAction'],
  ['nobody invites an organization', superAdmin, 'invite', 'organization', undefined, false, 'unknownAction'],
];

describe('can(): the permission matrix (docs/permissions.md)', () => {
  it.each(table)('%s', (_name, subject, action, resource, record, allowed, reason) => {
    expect(can(subject, action, resource, record)).toEqual({ allowed, reason });
  });

  it('never lets role 4 touch any admin resource, whatever the action', () => {
    for (const resource of ['adminArea', 'organization', 'user', 'predictionReport', 'auditLog'] as const) {
      for (const action of ACTIONS) expect(can(user, action, resource).allowed, `${action} ${resource}`).toBe(false);
    }
  });

  it('lets the operator change nothing anywhere (reading and exporting only)', () => {
    for (const resource of RESOURCES) {
      if (resource === 'profile') continue;
      for (const action of ACTIONS) {
        if (action === 'read' || action === 'export') continue;
        expect(can(operator, action, resource, acmeOrg).allowed, `${action} ${resource}`).toBe(false);
      }
    }
  });

  it('never lets anyone grant a role above their own', () => {
    for (const subject of [admin, operator, user]) {
      for (const nextRoleId of [1, 2, 3] as const) {
        if (nextRoleId >= subject.roleId) continue;
        for (const action of ['create', 'invite', 'update'] as const) {
          expect(can(subject, action, 'user', { organizationId: ACME, roleId: 4, nextRoleId }).allowed).toBe(false);
        }
      }
    }
  });
});

describe('readScope(): which organizations a list shows', () => {
  it.each([
    ['super admin reads every organization’s units', superAdmin, 'serviceUnit', { kind: 'all' }],
    ['admin reads every organization’s screenshots', admin, 'screenshot', { kind: 'all' }],
    ['operator reads every organization’s URL rules', operator, 'urlRule', { kind: 'all' }],
    ['user reads only their organization’s process rules', user, 'processRule', { kind: 'own', organizationId: ACME }],
    ['admin reads only their organization’s users', admin, 'user', { kind: 'own', organizationId: ACME }],
    ['admin reads only their organization’s audit log', admin, 'auditLog', { kind: 'own', organizationId: ACME }],
    ['super admin reads the whole audit log', superAdmin, 'auditLog', { kind: 'all' }],
    ['operator reads no audit log', operator, 'auditLog', { kind: 'none' }],
    ['user reads no users', user, 'user', { kind: 'none' }],
    ['an invited user reads nothing', invitedUser, 'serviceUnit', { kind: 'none' }],
  ] as const)('%s', (_name, subject, resource, scope) => {
    expect(readScope(subject, resource)).toEqual(scope);
  });

  it('agrees with can() on every resource, role and organization', () => {
    for (const subject of [superAdmin, admin, operator, user, globexUser, disabledAdmin]) {
      for (const resource of RESOURCES) {
        if (resource === 'profile' || resource === 'adminArea' || resource === 'userArea') continue;
        const scope = readScope(subject, resource);
        for (const organizationId of [ACME, GLOBEX]) {
          expect(inReadScope(scope, organizationId), `${subject.id} ${resource} ${organizationId}`).toBe(
            can(subject, 'read', resource, { organizationId }).allowed,
          );
        }
      }
    }
  });

  it('never lets a subject without an organization into an own-organization scope', () => {
    const homeless: Subject = { id: 'u9', roleId: 4, organizationId: null };
    const scope = readScope(homeless, 'serviceUnit');
    expect(inReadScope(scope, ACME)).toBe(false);
    expect(inReadScope(scope, null)).toBe(false);
  });
});
