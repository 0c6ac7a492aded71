import { describe, expect, it } from 'vitest';
import { memoryAgentSecrets } from '../../mirage/agent-credentials';
import { sqlTargets } from '../test-support/database';
import { repositoryParity } from '../test-support/repository-parity';
import { createSqlAgentSecrets } from './agent-secrets';

/*
 * The simulated agents' secret in PostgreSQL: made once, in a unit of work, and the same for every process
 * that reads it after (the credentials the simulated agents present are derived from it), as the embedded
 * backend's one row in memory is. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

describe.each(sqlTargets())('the simulated agents’ secret in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, {});
  let made = 0;
  const make = () => `secret-${String((made += 1))}`;

  it('is made once, inside a change, and every instance reads that one', async () => {
    const first = createSqlAgentSecrets(suite.sql);
    // A read outside a change cannot store one: the server runs such a request again as a change.
    await expect(first.simulatedSecret(make)).rejects.toThrow('A write outside a unit of work');
    const secret = await suite.write(() => first.simulatedSecret(make));
    expect(secret).toBe('secret-2');
    const other = createSqlAgentSecrets(suite.sql);
    expect(await other.simulatedSecret(make)).toBe(secret);
    expect(await suite.write(() => other.simulatedSecret(make))).toBe(secret);
    expect(await first.simulatedSecret(make)).toBe(secret);
    expect(made).toBe(2);
  });

  it('is, in memory, one row made on first use', async () => {
    const memory = memoryAgentSecrets(suite.mirage.db);
    expect(await memory.simulatedSecret(() => 'kept')).toBe('kept');
    expect(await memory.simulatedSecret(() => 'another')).toBe('kept');
  });
});
