import { table, type MirageDb } from '../db';
import { DEMO_ACCOUNTS, demoPasswordRecord, type OrganizationRow } from '../domains/accounts';
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
  // One pass over the accounts (50,000 at the large seed), not one per demo account.
  const wanted = new Set(ESSENTIAL_ACCOUNTS.map((a) => a.username));
  const present = new Set<string>();
  for (const u of users.rows()) {
    const name = typeof u.username === 'string' ? u.username.toLowerCase() : '';
    if (wanted.has(name)) present.add(name);
  }
  for (const account of ESSENTIAL_ACCOUNTS) {
    if (present.has(account.username)) continue;
    const spec = ESSENTIAL_ORGANIZATIONS.find((o) => o.domain === account.organization) ?? ESSENTIAL_ORGANIZATIONS[0];
    const org = orgs.where((o) => o.domain === spec.domain)[0] ?? orgs.insert({ ...spec });
    const { salt, passwordHash } = await demoPasswordRecord();
    users.insert({
      username: account.username,
      email: `${account.username}@${spec.domain}`,
      displayName: account.displayName,
      fullName: account.displayName,
      phoneNumber: '+1 555 0100',
      roleId: account.roleId,
      organizationId: org.id,
      salt,
      passwordHash,
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
 * expired, unrevoked token). Past this, the session is over and its rows are pruned.
 */
export const SESSION_REFRESH_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the sign-ins that are over, with all their rows: every token of the family (one session key)
 * revoked (signed out, or ended because a retired token came back), or its newest token expired beyond the
 * grace. A live family keeps the tokens its refreshes retired: a retired token presented again is how a
 * copied token is recognised (docs/auth.md, "Refresh token rotation").
 */
export function pruneSessions(db: MirageDb, now: number): number {
  const sessions = table<SessionRow>(db, 'sessions');
  // Per family: until when its newest unrevoked token may still be refreshed (absent: nothing is live).
  const liveUntil = new Map<string, number>();
  for (const s of sessions.rows()) {
    if (!s.revoked) liveUntil.set(s.sessionKey, Math.max(liveUntil.get(s.sessionKey) ?? 0, s.expiresAt + SESSION_REFRESH_GRACE_MS));
  }
  const over = sessions
    .rows()
    .filter((s) => (liveUntil.get(s.sessionKey) ?? 0) <= now)
    .map((s) => s.id);
  for (const id of over) sessions.remove(id);
  return over.length;
}
