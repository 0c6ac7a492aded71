import { can, isRoleId, type RoleId, type Subject } from '@machines/permissions/can';

// The roles and the permission function live in machines/permissions (Mirage uses the same one).
export { can, isRoleId, type RoleId };
export type { Action, Subject } from '@machines/permissions/can';

export function dashboardFor(role: RoleId): string {
  return can(subjectFor(role), 'read', 'adminArea').allowed ? '/admin/dashboard' : '/user/dashboard';
}

/**
 * The permission subject of the signed-in visitor: the role from `auth-values`, the id and (when the API
 * sends it) the organization from `userInfo`. Without an organization, record checks that need one refuse.
 */
export function subjectFor(role: RoleId, user?: { uid: string; organizationId?: string | number | null } | null): Subject {
  const organizationId = user?.organizationId;
  return {
    id: user?.uid ?? '',
    roleId: role,
    organizationId: organizationId === undefined || organizationId === null ? null : String(organizationId),
  };
}
