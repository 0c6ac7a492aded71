import { credentialFromSecret, secretHash, simulatedSecret } from '../agent-credentials';
import type { PasswordRecord } from '../crypto';
import { DEMO_ACCOUNTS } from '../domains/accounts';
import type { Repositories } from '../repositories';
import { DEFAULT_HEARTBEAT_S, SIMULATED_AGENT_CAP, type ServiceUnitRow } from '../domains/service-units';
import { compareIds } from '../../core/record-ids';
import { newAccount } from '../../core/users';

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
 * or from an empty stored database), through either backend's repositories. Returns the usernames it restored.
 * `demoPassword` hashes the demo password, asked only when an account is missing; the server's hashes with no
 * transaction open (server/passwords.ts).
 */
export async function reseedEssentials(
  { organizations: orgs, users }: Pick<Repositories, 'organizations' | 'users'>,
  demoPassword: () => Promise<PasswordRecord>,
): Promise<string[]> {
  const restored: string[] = [];
  // One lookup of the demo accounts (among 50,000 at the large seed), not one per demo account.
  const wanted = ESSENTIAL_ACCOUNTS.map((a) => a.username);
  const present = new Set<string>();
  for (const u of await users.withLogin(wanted)) {
    const name = typeof u.username === 'string' ? u.username.toLowerCase() : '';
    if (wanted.includes(name)) present.add(name);
  }
  for (const account of ESSENTIAL_ACCOUNTS) {
    if (present.has(account.username)) continue;
    const spec = ESSENTIAL_ORGANIZATIONS.find((o) => o.domain === account.organization) ?? ESSENTIAL_ORGANIZATIONS[0];
    const org = (await orgs.all()).find((o) => o.domain === spec.domain) ?? (await orgs.insert({ ...spec }));
    const { salt, passwordHash } = await demoPassword();
    await users.insert(
      newAccount({
        username: account.username,
        email: `${account.username}@${spec.domain}`,
        fullName: account.displayName,
        phoneNumber: '+1 555 0100',
        roleId: account.roleId,
        organizationId: org.id,
        salt,
        passwordHash,
        createdAt: '2025-01-10T09:00:00.000Z',
      }),
    );
    restored.push(account.username);
  }
  return restored;
}

/**
 * Gives a simulated agent to the units of demo data stored before agents existed: such a row says
 * `agentAlive: true` (the old stand-in for a reporting unit) and has no `agent`, so nothing would heartbeat
 * for it and it would go offline for good. Each gets the agent the seed gives (mirage/domains/service-units.ts),
 * within SIMULATED_AGENT_CAP counting the active simulated agents already there; the smaller organizations
 * first, as the seed puts Globex before Acme's 10,000 units. A change of rows like any other: the caller
 * stores it. Returns the ids of the units it gave an agent.
 */
export async function giveStoredUnitsAgents(
  { units, agentSecrets }: Pick<Repositories, 'units' | 'agentSecrets'>,
  heartbeatS: number = DEFAULT_HEARTBEAT_S,
): Promise<string[]> {
  let left = SIMULATED_AGENT_CAP - (await units.withSimulatedAgent()).length;
  // The cap reached (the large seed's 10,000 units fill it): no unit is read.
  if (left <= 0) return [];
  const rows: readonly Readonly<ServiceUnitRow & { agentAlive?: unknown }>[] = await units.inScope('all');
  const candidates = rows.filter((u) => u.agentAlive === true && !u.agent);
  if (candidates.length === 0) return [];
  const perOrganization = new Map<string, number>();
  for (const u of rows) perOrganization.set(String(u.organizationId), (perOrganization.get(String(u.organizationId)) ?? 0) + 1);
  const size = (u: Readonly<ServiceUnitRow>) => perOrganization.get(String(u.organizationId)) ?? 0;
  candidates.sort((a, b) => size(a) - size(b) || compareIds(a.id, b.id));
  const given: string[] = [];
  const secret = candidates.length > 0 && left > 0 ? await simulatedSecret(agentSecrets) : '';
  for (const unit of candidates) {
    if (left <= 0) break;
    left -= 1;
    await units.update(String(unit.id), {
      agent: {
        kind: 'simulated',
        enrolledAt: unit.createdAt,
        revokedAt: null,
        heartbeatIntervalS: heartbeatS,
        system: null,
        credentialHash: secretHash(credentialFromSecret(secret, unit.id)),
      },
    });
    given.push(String(unit.id));
  }
  return given;
}
