import { hashPassword, randomToken } from '../crypto';
import { table, type MirageDb } from '../db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type OrganizationRow } from '../domains/accounts';
import type { SessionRow, UserRow } from '../http';

/** The organizations and accounts the sign-in page offers: without them nobody can try the demo. */
const ESSENTIAL_ORGANIZATIONS = [
  { name: 'Acme Logistics', domain: 'acme.example', createdAt: '2025-01-10T09:00:00.000Z' },
  { name: 'Globex Retail', domain: 'globex.example', createdAt: '2025-03-02T09:00:00.000Z' },
] as const;

const ESSENTIAL_ACCOUNTS = [
  ...DEMO_ACCOUNTS.map((a) => ({ ...a, organization: 'acme.example' })),
  { username: 'globex', displayName: 'Greta Globex', roleId: 4 as const, organization: 'globex.example' },
];

/**
 * Puts back the demo organizations and accounts that are missing (after unreadable rows were dropped,
 * or from an empty stored database). Returns the usernames it restored.
 */
export async function reseedEssentials(db: MirageDb): Promise<string[]> {
  const orgs = table<OrganizationRow>(db, 'organizations');
  const users = table<UserRow>(db, 'users');
  const restored: string[] = [];
  for (const account of ESSENTIAL_ACCOUNTS) {
    const exists = users.where((u) => u.username.toLowerCase() === account.username).length > 0;
    if (exists) continue;
    const spec = ESSENTIAL_ORGANIZATIONS.find((o) => o.domain === account.organization) ?? ESSENTIAL_ORGANIZATIONS[0];
    const org = orgs.where((o) => o.domain === spec.domain)[0] ?? orgs.insert({ ...spec });
    const salt = randomToken(8);
    users.insert({
      username: account.username,
      email: `${account.username}@${spec.domain}`,
      displayName: account.displayName,
      fullName: account.displayName,
      phoneNumber: '+1 555 0100',
      roleId: account.roleId,
      organizationId: org.id,
      salt,
      passwordHash: await hashPassword(DEMO_PASSWORD, salt),
      about: '',
      photoURL: '',
      status: 'online',
      providerId: 'mirage',
      createdAt: '2025-01-10T09:00:00.000Z',
    });
    restored.push(account.username);
  }
  return restored;
}

/**
 * How long after its token expired a sign-in may still be refreshed (the refresh endpoint takes an
 * expired, unrevoked token). Past this, the session is over and its row is pruned.
 */
export const SESSION_REFRESH_GRACE_MS = 24 * 60 * 60 * 1000;

/** Removes the sessions that are over: signed out or refreshed (revoked), or expired beyond the grace. */
export function pruneSessions(db: MirageDb, now: number): number {
  const sessions = table<SessionRow>(db, 'sessions');
  const over = sessions.where((s) => s.revoked || s.expiresAt + SESSION_REFRESH_GRACE_MS <= now);
  for (const s of over) sessions.remove(s.id);
  return over.length;
}
