import { can, isRoleId, type Action, type AccountStatus, type PermissionRecord, type Resource, type Subject } from '../../machines/permissions/can';
import type { UserRow } from '../http';

/** The caller as can() sees it: role, organization and account status (rows older than the status field are active). */
export function subjectOf(user: UserRow): Subject {
  const status = (user as UserRow & { accountStatus?: AccountStatus }).accountStatus;
  return {
    id: String(user.id),
    roleId: isRoleId(user.roleId) ? user.roleId : 4,
    organizationId: user.organizationId === '' || user.organizationId === null ? null : String(user.organizationId),
    ...(status ? { status } : {}),
  };
}

/** The organizations, users and audit endpoints ask the one permission function (machines/permissions/can.ts). */
export function permits(user: UserRow, action: Action, resource: Resource, record?: PermissionRecord): boolean {
  return can(subjectOf(user), action, resource, record).allowed;
}
