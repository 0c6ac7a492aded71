import type { Row } from '../db';

/**
 * The demo accounts and the organization row they belong to. A leaf module: auth's seed, the users
 * domain (demo users get the demo password), the provider sign-in and the store's repair all read these,
 * and none of them has to import another domain for it (that made auth ↔ users ↔ provider-auth a cycle).
 */

/** The organization row as the auth seed writes it; the organizations domain adds its fields (OrgRow). */
export interface OrganizationRow extends Row {
  name: string;
  domain: string;
  createdAt: string;
}

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', displayName: 'Sophie Admin', roleId: 1 },
  { username: 'admin', displayName: 'Adam Manager', roleId: 2 },
  { username: 'operator', displayName: 'Olivia Operator', roleId: 3 },
  { username: 'user', displayName: 'Ulysses User', roleId: 4 },
] as const;
