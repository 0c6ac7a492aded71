import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { runOnServer, withDatabase } from '../db/admin';
import { openPglite, openPostgres, type Sql } from '../db/sql';

/**
 * An empty database for one test file: a fresh in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a database of its own (`CREATE DATABASE t_<random>`) on that URL's PostgreSQL server, dropped by
 * `drop()`. Tests never share rows with another file or with a developer's data.
 */
export interface TestDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** The database's URL (PostgreSQL), for a connection of another kind (LISTEN); null on PGlite. */
  readonly url: string | null;
  /** The first connection (PGlite: the instance; PostgreSQL: a pool). */
  readonly sql: Sql;
  /**
   * Another connection to the same database, as a second instance of the server would have: a new pool on
   * PostgreSQL; on PGlite (one process only) the same instance, which exercises the same catch-up path.
   */
  connect(): Promise<Sql>;
  /** Closes every connection this database handed out, and drops it (PostgreSQL). */
  drop(): Promise<void>;
}

/** The PostgreSQL server the server's tests run against, or null for PGlite. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL']?.trim() || null;

/** What the suite runs on, for test names. */
export const BACKEND_NAME = TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const randomName = () => `t_${randomBytes(6).toString('hex')}`;

async function createPostgresDatabase(url: string): Promise<TestDatabase> {
  const name = randomName();
  // The name is ours (t_ and hex), never input: it is safe to put in the statement.
  await runOnServer(url, `CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(url, name);
  const opened: Sql[] = [];
  const connect = async () => {
    const sql = await openPostgres(databaseUrl);
    opened.push(sql);
    return sql;
  };
  const sql = await connect();
  return {
    kind: 'postgres',
    url: databaseUrl,
    sql,
    connect,
    async drop() {
      await Promise.all(opened.splice(0).map((connection) => connection.close()));
      // FORCE may not end an autovacuum worker busy in it (a role without superuser): it ends soon, so again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await runOnServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          return;
        } catch (error) {
          if (attempt >= 20 || (error as { code?: string }).code !== '42501') throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
}

/** An empty database for this test file (see TestDatabase). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) return createPostgresDatabase(TEST_DATABASE_URL);
  const sql = await openPglite();
  return {
    kind: 'pglite',
    url: null,
    sql,
    connect: async () => sql,
    drop: () => sql.close(),
  };
}

/** Where a suite runs on both: PGlite always, and TEST_DATABASE_URL's PostgreSQL (a database of its own) when set. */
export interface SqlTarget {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<{ sql: Sql; drop: () => Promise<void> }>;
}

export function sqlTargets(): SqlTarget[] {
  const targets: SqlTarget[] = [
    {
      name: 'PGlite',
      open: async () => {
        const sql = await openPglite();
        return { sql, drop: () => sql.close() };
      },
    },
  ];
  const url = TEST_DATABASE_URL;
  if (url) {
    targets.push({
      name: 'PostgreSQL',
      open: async () => {
        const database = await createPostgresDatabase(url);
        return { sql: database.sql, drop: () => database.drop() };
      },
    });
  }
  return targets;
}

/**
 * A database that outlives its connections, for a restart: `open()` gives a new connection each time
 * (PGlite: a new instance on the same data folder, which may be opened once at a time; PostgreSQL: a new pool).
 */
export interface DurableTestDatabase {
  open(): Promise<Sql>;
  /** Removes the data folder (PGlite) or drops the database (PostgreSQL); close what open() gave first. */
  drop(): Promise<void>;
}

export async function createDurableTestDatabase(): Promise<DurableTestDatabase> {
  const url = TEST_DATABASE_URL;
  if (url) {
    const name = randomName();
    await runOnServer(url, `CREATE DATABASE ${name}`);
    return {
      open: () => openPostgres(withDatabase(url, name)),
      drop: () => runOnServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'sua-pglite-'));
  return {
    open: () => openPglite(dir),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * For a file whose every test needs an empty database: registers the hooks and returns the current one.
 * PostgreSQL gives each test a new database (cheap); PGlite gives the file one instance whose public
 * schema is dropped and made again before each test, since a new PGlite takes seconds to start.
 */
export function emptyDatabaseForEachTest(): () => TestDatabase {
  let current: TestDatabase | null = null;
  if (TEST_DATABASE_URL) {
    beforeEach(async () => {
      current = await createTestDatabase();
    });
    afterEach(async () => {
      await current?.drop();
      current = null;
    });
  } else {
    beforeAll(async () => {
      current = await createTestDatabase();
    });
    beforeEach(async () => {
      await current?.sql.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    });
    afterAll(async () => {
      await current?.drop();
      current = null;
    });
  }
  return () => {
    if (!current) throw new Error('The database exists during a test only.');
    return current;
  };
}
