import { AGENT_SECRETS, SIMULATED_SECRET_ID, type AgentSecretRecord, type AgentSecretRepository } from '../../core/agent-secrets';
import type { Queryable } from './sql';
import { reader, writeRows } from './unit-of-work';

/**
 * The simulated agents' secret in its own table (server/migrations/039_agent_enrolments.sql): the server's
 * AgentSecretRepository (core/agent-secrets.ts). Once stored it never changes, so a process keeps the value it read
 * (one short text, not a collection). Made in a unit of work (a serializable transaction): a second instance finds
 * the first one's.
 */

/** Stores the secret (it is never deleted), in the caller's transaction (the repository's write, a whole seed). */
export async function writeAgentSecrets(tx: Queryable, put: readonly AgentSecretRecord[]): Promise<void> {
  for (const { id, simulatedSecret } of put) {
    await tx.query(
      'INSERT INTO agent_secrets (id, simulated_secret) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET simulated_secret = excluded.simulated_secret',
      [id, simulatedSecret],
    );
  }
}

export function createSqlAgentSecrets(sql: Queryable): AgentSecretRepository {
  let known: string | null = null;
  return {
    async simulatedSecret(make) {
      if (known !== null) return known;
      const { rows } = await reader(sql).query<{ simulated_secret: string }>('SELECT simulated_secret FROM agent_secrets WHERE id = $1', [
        SIMULATED_SECRET_ID,
      ]);
      const found = rows[0]?.simulated_secret;
      if (found !== undefined) {
        // Only what is committed is kept: a new one is kept when it is read again, after its commit.
        known = found;
        return found;
      }
      // Outside a unit of work, this fails (a read that wanted to write runs again as a write).
      const made: AgentSecretRecord = { id: SIMULATED_SECRET_ID, simulatedSecret: make() };
      await writeRows(AGENT_SECRETS, writeAgentSecrets, [made]);
      return made.simulatedSecret;
    },
  };
}
