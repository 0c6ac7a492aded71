/**
 * This database's secret for simulated agents' credentials (docs/domain.md, "Agents"), behind one async
 * repository: the driver of the simulated agents, in any tab or server process, derives a unit's credential
 * from it, so no credential is stored. The embedded backend keeps it as a row in memory
 * (mirage/agent-credentials.ts); the server in PostgreSQL only (server/db/agent-secrets.ts).
 */

export const AGENT_SECRETS = 'agentSecrets';
/** The one record's id. */
export const SIMULATED_SECRET_ID = '1';

export interface AgentSecretRecord {
  id: string;
  simulatedSecret: string;
}

export interface AgentSecretRepository {
  /** The secret, made with `make` and stored (in the current change) when there is none yet. */
  simulatedSecret(make: () => string): Promise<string>;
}
