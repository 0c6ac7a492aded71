import { AGENT_SECRETS, SIMULATED_SECRET_ID, type AgentSecretRecord, type AgentSecretRepository } from '../core/agent-secrets';
import { hmacBase64Url, randomBase64Url } from './crypto';
import { table, type MirageDb } from './db';
import { secretHash } from './http';

/**
 * The secrets of the agent API (docs/domain.md, "Agents"): enrolment tokens and unit credentials are random,
 * shown once, and stored only as their SHA-256. A simulated agent's credential is derived from a secret of
 * this database (core/agent-secrets.ts), so the driver, in any tab or server process, can present it
 * without it being stored.
 */

const secrets = (db: MirageDb) => table<AgentSecretRecord>(db, AGENT_SECRETS);
const newSecret = (): string => randomBase64Url(32);

/** The secret in this db's memory (created on first use): the seeds', which run in memory. */
export function memorySimulatedSecret(db: MirageDb, make: () => string = newSecret): string {
  const found = secrets(db).find(SIMULATED_SECRET_ID);
  if (found) return found.simulatedSecret;
  return secrets(db).insert({ id: SIMULATED_SECRET_ID, simulatedSecret: make() }).simulatedSecret;
}

/** The embedded backend's secret: the row in memory. */
export const memoryAgentSecrets = (db: MirageDb): AgentSecretRepository => ({
  simulatedSecret: (make) => Promise.resolve(memorySimulatedSecret(db, make)),
});

/** The agent secrets in memory (the embedded backend's). */
export const agentSecretStore = (db: MirageDb): AgentSecretRepository => memoryAgentSecrets(db);

/** The database's secret for simulated credentials (created, and stored with the change, on first use). */
export const simulatedSecret = (secrets: AgentSecretRepository): Promise<string> => secrets.simulatedSecret(newSecret);

export const unitCredential = (unitId: string | number, secret: string): string => `sua_unit_${String(unitId)}_${secret}`;

/** The credential a simulated agent presents for its unit, from the database's secret. */
export const credentialFromSecret = (secret: string, unitId: string | number): string =>
  unitCredential(unitId, hmacBase64Url(secret, `unit:${String(unitId)}`));

export { secretHash };
