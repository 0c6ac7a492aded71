import { createBackend, type Backend } from '../backend';
import { signIn } from './api';
import { createTestDatabase, type TestDatabase } from './database';

/** What opening two instances may take: a new database and the demo seed, on a loaded machine. */
export const TWO_INSTANCES_SETUP_MS = 120_000;

/**
 * Two instances of the server on one new database, as docs/deploy.md runs several: each backend has a connection
 * of its own (on PGlite, one process's database, the same instance). The database starts migrated; the first seeded it.
 */
export interface TwoInstances {
  database: TestDatabase;
  first: Backend;
  second: Backend;
  /** The demo user's access token, signed in on the first. */
  token: string;
  /** Closes both backends and drops the database. */
  close(): Promise<void>;
}

/** Opens the pair for a test file (its beforeAll); `close()` in its afterAll. `now`: both instances' clock. */
export async function openTwoInstances(options: { now?: () => number } = {}): Promise<TwoInstances> {
  const database = await createTestDatabase({ migrated: true });
  const first = await createBackend({ sql: database.sql, ...options });
  const second = await createBackend({ sql: await database.connect(), ...options });
  return {
    database,
    first,
    second,
    token: await signIn(first, 'user'),
    async close() {
      await second.close();
      await first.close();
      await database.drop();
    },
  };
}
