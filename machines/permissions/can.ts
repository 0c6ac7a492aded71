/**
 * The one permission function. Routes (src/app/guard.ts), menus (src/app/layout/navigation.ts), buttons and
 * the API app's services (api/access.ts) all ask `can()`; docs/permissions.md is its table.
 *
 * Pure and dependency-free on purpose: Mirage imports it as a value (the only value mirage/ may import from
 * machines/), so the server and the screens can never disagree.
 *
 * Without a `record`, `can()` answers "may this subject do this to some record of this kind?" (menus, a
 * Create button). With a `record`, it also checks the record's organization, role and status.
 */

/** 1 Super admin, 2 Admin, 3 System operator, 4 User. A smaller id is a higher role. */
export type RoleId = 1 | 2 | 3 | 4;
export const ROLE = { superAdmin: 1, admin: 2, operator: 3, user: 4 } as const satisfies Record<string, RoleId>;
export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4];
export const ADMIN_ROLES: readonly RoleId[] = [1, 2, 3];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}

export function isAdminRole(role: RoleId): boolean {
  return ADMIN_ROLES.includes(role);
}

export const RESOURCES = [
  'adminArea',
  'userArea',
  'organization',
  'user',
  'serviceUnit',
  'urlRule',
  'processRule',
  'screenshot',
  'predictionReport',
  'auditLog',
  'profile',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'export',
  'suspend',
  'activate',
  'archive',
  'invite',
  'disable',
  'enable',
  'resetPassword',
  'revokeSessions',
  /** organization: change its licensing fields (code, seat limit). */
  'changeLicense',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Account status of a user. Only an `active` (or unknown, for older rows) account may act. */
export type AccountStatus = 'invited' | 'active' | 'disabled';

export interface Subject {
  id: string;
  roleId: RoleId;
  /** null for accounts outside any organization (roles 1–3 may have none). */
  organizationId: string | null;
  status?: AccountStatus;
}

/** What `can()` needs to know about the record acted on; every field is optional. */
export interface PermissionRecord {
  /** The record's id (a user's id for `user` and `profile`; used to recognise the subject's own record). */
  id?: string;
  /** The organization the record belongs to (for an `organization`, its own id). */
  organizationId?: string | null;
  /** `user`: the user's current role. */
  roleId?: RoleId;
  /** `user` create/invite/update: the role the change would give. */
  nextRoleId?: RoleId;
  /** `user`: the user's current account status. */
  status?: AccountStatus;
  /** `user`: how many active super admins exist now (the last one cannot be demoted, disabled or deleted). */
  activeSuperAdminCount?: number;
}

export type PermissionReason =
  // allowed
  | 'superAdmin'
  | 'adminRole'
  | 'userRole'
  | 'readAccess'
  | 'ownOrganization'
  | 'ownProfile'
  // refused
  | 'inactiveAccount'
  | 'noAdminArea'
  | 'noUserArea'
  | 'readOnlyRole'
  | 'superAdminOnly'
  | 'otherOrganization'
  | 'roleAboveOwn'
  | 'ownRoleOrStatus'
  | 'lastSuperAdmin'
  | 'notOwnProfile'
  | 'unknownAction';

export interface Decision {
  allowed: boolean;
  /** A stable code: docs/permissions.md explains each; the app translates `permissions.reason.<code>`. */
  reason: PermissionReason;
}

const allow = (reason: PermissionReason): Decision => ({ allowed: true, reason });
const deny = (reason: PermissionReason): Decision => ({ allowed: false, reason });

/** Actions that only look (never change anything). */
const READ_ACTIONS: readonly Action[] = ['read', 'export'];
const isRead = (action: Action) => READ_ACTIONS.includes(action);

const ORGANIZATION_ACTIONS: readonly Action[] = [
  'read',
  'export',
  'create',
  'update',
  'delete',
  'suspend',
  'activate',
  'archive',
  'changeLicense',
];
const USER_ACTIONS: readonly Action[] = [
  'read',
  'export',
  'create',
  'invite',
  'update',
  'delete',
  'disable',
  'enable',
  'resetPassword',
  'revokeSessions',
];
const DATA_ACTIONS: readonly Action[] = ['read', 'export', 'create', 'update', 'delete', 'enable', 'disable'];
/** User actions that change the target's role or status: nobody does them to themselves. */
const STATUS_ACTIONS: readonly Action[] = ['delete', 'disable', 'enable'];
/** User actions that would leave no active super admin if applied to the last one. */
const REMOVING_ACTIONS: readonly Action[] = ['delete', 'disable'];

const sameOrg = (subject: Subject, record: PermissionRecord | undefined): boolean =>
  record?.organizationId === undefined ||
  (subject.organizationId !== null && record.organizationId !== null && String(record.organizationId) === String(subject.organizationId));

export function can(subject: Subject, action: Action, resource: Resource, record?: PermissionRecord): Decision {
  if (subject.status !== undefined && subject.status !== 'active') return deny('inactiveAccount');
  switch (resource) {
    case 'profile':
      if (action !== 'read' && action !== 'update') return deny('unknownAction');
      return record?.id === undefined || String(record.id) === String(subject.id) ? allow('ownProfile') : deny('notOwnProfile');
    case 'adminArea':
      if (action !== 'read') return deny('unknownAction');
      return isAdminRole(subject.roleId) ? allow('adminRole') : deny('noAdminArea');
    case 'userArea':
      if (action !== 'read') return deny('unknownAction');
      return isAdminRole(subject.roleId) ? deny('noUserArea') : allow('userRole');
    case 'organization':
      return canOrganization(subject, action, record);
    case 'user':
      return canUser(subject, action, record);
    case 'predictionReport':
      if (!isRead(action)) return deny('unknownAction');
      return isAdminRole(subject.roleId) ? allow('readAccess') : deny('noAdminArea');
    case 'auditLog':
      if (!isRead(action)) return deny('unknownAction');
      if (subject.roleId === ROLE.superAdmin) return allow('superAdmin');
      if (subject.roleId === ROLE.admin) return sameOrg(subject, record) ? allow('ownOrganization') : deny('otherOrganization');
      return subject.roleId === ROLE.operator ? deny('superAdminOnly') : deny('noAdminArea');
    case 'serviceUnit':
    case 'urlRule':
    case 'processRule':
    case 'screenshot':
      return canOrganizationData(subject, action, record);
  }
}

function canOrganization(subject: Subject, action: Action, record: PermissionRecord | undefined): Decision {
  if (!ORGANIZATION_ACTIONS.includes(action)) return deny('unknownAction');
  switch (subject.roleId) {
    case ROLE.superAdmin:
      return allow('superAdmin');
    case ROLE.admin:
      if (isRead(action)) return allow('readAccess');
      if (action !== 'update') return deny('superAdminOnly');
      return sameOrg(subject, record) ? allow('ownOrganization') : deny('otherOrganization');
    case ROLE.operator:
      return isRead(action) ? allow('readAccess') : deny('readOnlyRole');
    case ROLE.user:
      return deny('noAdminArea');
  }
}

function canUser(subject: Subject, action: Action, record: PermissionRecord | undefined): Decision {
  if (!USER_ACTIONS.includes(action)) return deny('unknownAction');
  if (subject.roleId === ROLE.user) return deny('noAdminArea');
  if (subject.roleId === ROLE.operator) return isRead(action) ? allow('readAccess') : deny('readOnlyRole');

  const isSelf = record?.id !== undefined && String(record.id) === String(subject.id);
  if (subject.roleId === ROLE.admin) {
    if (!sameOrg(subject, record)) return deny('otherOrganization');
    if (isRead(action)) return allow('ownOrganization');
  }
  // From here: a super admin anywhere, or an admin inside their own organization, changing a user.
  if (!isRead(action)) {
    if (isSelf) {
      if (STATUS_ACTIONS.includes(action)) return deny('ownRoleOrStatus');
      if (record?.nextRoleId !== undefined && record.nextRoleId !== record.roleId) return deny('ownRoleOrStatus');
    }
    if (record?.roleId !== undefined && record.roleId < subject.roleId) return deny('roleAboveOwn');
    if (record?.nextRoleId !== undefined && record.nextRoleId < subject.roleId) return deny('roleAboveOwn');
    const isActiveSuperAdmin = record?.roleId === ROLE.superAdmin && (record.status === undefined || record.status === 'active');
    const wouldRemove =
      REMOVING_ACTIONS.includes(action) ||
      (action === 'update' && record?.nextRoleId !== undefined && record.nextRoleId !== ROLE.superAdmin);
    if (isActiveSuperAdmin && wouldRemove && record.activeSuperAdminCount !== undefined && record.activeSuperAdminCount <= 1) {
      return deny('lastSuperAdmin');
    }
  }
  return subject.roleId === ROLE.superAdmin ? allow('superAdmin') : allow('ownOrganization');
}

/** Units, URL rules, process rules, screenshots: everyone reads (role 4 only their organization's); writes need a writing role. */
function canOrganizationData(subject: Subject, action: Action, record: PermissionRecord | undefined): Decision {
  if (!DATA_ACTIONS.includes(action)) return deny('unknownAction');
  switch (subject.roleId) {
    case ROLE.superAdmin:
      return allow('superAdmin');
    case ROLE.admin:
      if (isRead(action)) return allow('readAccess');
      return sameOrg(subject, record) ? allow('ownOrganization') : deny('otherOrganization');
    case ROLE.operator:
      return isRead(action) ? allow('readAccess') : deny('readOnlyRole');
    case ROLE.user:
      return sameOrg(subject, record) ? allow('ownOrganization') : deny('otherOrganization');
  }
}

/**
 * Which organizations' records of a resource the subject may read: `all`, only its `own` (organizationId),
 * or `none`. List endpoints filter with it instead of comparing role numbers; it asks `can()` itself
 * (with a record of some other organization), so a list and a single read can never disagree.
 */
export type ReadScope = { kind: 'all' } | { kind: 'own'; organizationId: string | null } | { kind: 'none' };

export function readScope(subject: Subject, resource: Resource): ReadScope {
  if (!can(subject, 'read', resource).allowed) return { kind: 'none' };
  const elsewhere = subject.organizationId === null ? 'another organization' : `not ${subject.organizationId}`;
  if (can(subject, 'read', resource, { organizationId: elsewhere }).allowed) return { kind: 'all' };
  return { kind: 'own', organizationId: subject.organizationId };
}

/** Whether a record of this organization is inside the scope. */
export function inReadScope(scope: ReadScope, organizationId: string | number | null | undefined): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none' || scope.organizationId === null || organizationId === null || organizationId === undefined) return false;
  return String(organizationId) === scope.organizationId;
}
