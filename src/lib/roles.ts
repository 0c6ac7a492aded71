export const ROLE = { superAdmin: 1, admin: 2, operator: 3, user: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4];
export const ADMIN_ROLES: readonly RoleId[] = [1, 2, 3];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}

export function isAdminRole(role: RoleId): boolean {
  return ADMIN_ROLES.includes(role);
}

export function dashboardFor(role: RoleId): string {
  return isAdminRole(role) ? '/admin/dashboard' : '/user/dashboard';
}
