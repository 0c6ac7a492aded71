import type { ApiSchema } from '@/lib/api';
import type { RoleId } from '@/lib/roles';

/** A user account as the administration API answers it (docs/users.md; the contract's `AdminUser`). */
export type AccountStatus = ApiSchema<'AccountStatus'>;
export const ACCOUNT_STATUSES: readonly AccountStatus[] = ['invited', 'active', 'disabled'];
export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4];

export type UserRow = ApiSchema<'AdminUser'>;

export interface UserFormValues {
  fullName: string;
  username: string;
  email: string;
  phone: string;
  /** 0 until chosen. */
  roleId: RoleId | 0;
  organizationId: string;
}

export const EMPTY_USER: UserFormValues = { fullName: '', username: '', email: '', phone: '', roleId: 4, organizationId: '' };

export function toFormValues(row: UserRow): UserFormValues {
  return {
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    roleId: row.roleId,
    organizationId: row.organizationId,
  };
}

/** A one-time set-password link: the path is opened on this app's origin. */
export type SetPasswordLink = ApiSchema<'SetPasswordLink'>;

export type LinkResult = ApiSchema<'UserWithLink'>;

/** What a save answers: an invitation carries its link, an edit the row. */
export type SavedUser = UserRow | LinkResult;

export function isLinkResult(value: unknown): value is LinkResult {
  return typeof value === 'object' && value !== null && 'link' in value && 'user' in value;
}

export type OrganizationOption = ApiSchema<'OrganizationOption'>;

export type UserAction = 'disable' | 'enable' | 'resetPassword' | 'revokeSessions';
