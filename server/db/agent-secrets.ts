import { AGENT_SECRETS, SIMULATED_SECRET_ID, type AgentSecretRecord, type AgentSecretRepository } from '../../core/agent-secrets';
import { collectionRecords } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';

/**
 * The simulated agents' secret in PostgreSQL only: the server's AgentSecretRepository (core/agent-secrets.ts).
 * Once stored it never changes, so a process keeps the value it read (one short text, not a collection).
 * Made in a unit of work (a serializable transaction): a second instance finds the first one's.
 */
export function createSqlAgentSecrets(sql: Queryable, writeBatch: WriteBatch): AgentSecretRepository {
  const records = collectionRecords<AgentSecretRecord>(AGENT_SECRETS, writeBatch);
  let known: string | null = null;
  return {
    async simulatedSecret(make) {
      if (known !== null) return known;
      const found = (await records.get(reader(sql), SIMULATED_SECRET_ID))?.simulatedSecret;
      // Outside a unit of work, putOne fails (a read that wanted to write runs again as a write).
      const secret = found ?? (await records.putOne({ id: SIMULATED_SECRET_ID, simulatedSecret: make() })).simulatedSecret;
      // Only what is committed is kept: a new one is kept when it is read again, after its commit.
      if (found !== undefined) known = secret;
      return secret;
    },
  };
}
