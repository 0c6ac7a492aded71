import { newAccount } from '../../core/users';
import type { MirageDb } from '../db';
import { table } from '../db';
import type { UserRow } from '../http';
import type { MirageDomain } from '../types';
import { DEMO_ACCOUNTS, demoPasswordRecord, type OrganizationRow } from './accounts';

/**
 * The demo's organizations and accounts. Sign-in,
 * registration and the session's life are the API app's (api/routes/auth.ts, api/services/auth.ts).
 */

export const DEFAULT_APP_KEY = 'service-unit-admin-demo-key';
/** The key sign-in, registration and the forgotten-password request must send (the app's build sets the same). */
export const APP_KEY: string = import.meta.env?.VITE_APP_KEY ?? DEFAULT_APP_KEY;

async function seed(db: MirageDb): Promise<void> {
  const orgs = table<OrganizationRow>(db, 'organizations');
  const org1 = orgs.insert({ name: 'Acme Logistics', domain: 'acme.example', createdAt: '2025-01-10T09:00:00.000Z' });
  const org2 = orgs.insert({ name: 'Globex Retail', domain: 'globex.example', createdAt: '2025-03-02T09:00:00.000Z' });
  const users = table<UserRow>(db, 'users');
  const accounts = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, organizationId: org1.id })),
    { username: 'globex', displayName: 'Greta Globex', roleId: 4 as const, organizationId: org2.id },
  ];
  // The demo accounts share one hash of their public password: one scrypt run per seed, not one per account.
  const { salt, passwordHash } = await demoPasswordRecord();
  for (const account of accounts) {
    users.insert(
      newAccount({
        username: account.username,
        email: `${account.username}@${account.organizationId === org1.id ? 'acme' : 'globex'}.example`,
        fullName: account.displayName,
        phoneNumber: '+1 555 0100',
        roleId: account.roleId,
        organizationId: account.organizationId,
        salt,
        passwordHash,
        createdAt: '2025-01-10T09:00:00.000Z',
      }),
    );
  }
}

export const authDomain: MirageDomain = {
  name: 'auth',
  seed: (db) => seed(db),
  routes() {
    // Served by the API app (api/routes/auth.ts).
  },
};
