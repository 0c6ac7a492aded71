import { derivePasswordHash, type PasswordRecord } from '../crypto';
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

let demoHash: Promise<PasswordRecord> | undefined;

/**
 * The demo password's scrypt hash, derived once per process with a random salt, which every seeded demo
 * account shares (the auth seed, the large seed's accounts through it, the store's repair). The password is
 * public, so a shared hash tells a reader of the database nothing new; one hash per account would make every
 * seed cost one scrypt run per account. Nothing precomputed ships in the bundle.
 */
export function demoPasswordRecord(): Promise<PasswordRecord> {
  demoHash ??= derivePasswordHash(DEMO_PASSWORD).catch((error: unknown) => {
    demoHash = undefined;
    throw error;
  });
  return demoHash;
}

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', displayName: 'Sophie Admin', roleId: 1 },
  { username: 'admin', displayName: 'Adam Manager', roleId: 2 },
  { username: 'operator', displayName: 'Olivia Operator', roleId: 3 },
  { username: 'user', displayName: 'Ulysses User', roleId: 4 },
] as const;
