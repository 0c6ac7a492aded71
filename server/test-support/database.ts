import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { runOnServer, withDatabase } from '../db/admin';
import { migrate } from '../db/migrate';
import { openPglite, openPostgres, type Prepared, type Queryable, type Sql } from '../db/sql';

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

/*
 * Migrated databases. Most suites want the schema, not the migrating (server/migrate.test.ts tests that): each
 * of them ran every migration again, about half a second on PostgreSQL and a second on PGlite. Instead a
 * worker migrates one database per backend and copies it: PostgreSQL clones a template database named after
 * the migrations' contents (CREATE DATABASE … TEMPLATE), PGlite loads a dump of a migrated instance.
 */
const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Per worker, also when a file with isolation loads this module again. */
const cache = globalThis as typeof globalThis & {
  [key: symbol]: Promise<unknown> | undefined;
};
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  const symbol = Symbol.for(`sua.test.${key}`);
  const made = (cache[symbol] ??= make().catch((error: unknown) => {
    cache[symbol] = undefined;
    throw error;
  })) as Promise<T>;
  return made;
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort()) {
    hash
      .update(`${name}\0`)
      .update(await readFile(join(MIGRATIONS_DIR, name)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The name of a migrated template database on the server at `url` for its role, made once by whichever worker asks first.
 * It is built under a name of its own and renamed when complete, so a clone never sees a half-migrated one;
 * nobody connects to it (a template with a connection cannot be cloned).
 */
function postgresTemplate(url: string): Promise<string> {
  return once(`pg-template:${url}`, async () => {
    // One per role: cloning a database not marked as a template takes its owner (or a superuser), and roles
    // share a server (a developer's superuser and CI's role on one machine's PostgreSQL).
    const role = createHash('sha256')
      .update(decodeURIComponent(new URL(url).username))
      .digest('hex')
      .slice(0, 8);
    const name = `sua_tmpl_${await migrationsHash()}_${role}`;
    const exists = async () =>
      (await onServer(url, (client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]))).rowCount === 1;
    if (await exists()) return name;
    const building = `${name}_${randomBytes(6).toString('hex')}`;
    await runOnServer(url, `CREATE DATABASE ${building}`);
    const sql = await openPostgres(withDatabase(url, building));
    try {
      await migrate(sql);
    } finally {
      await sql.close();
    }
    await runOnServer(url, `ALTER DATABASE ${building} ALLOW_CONNECTIONS false`);
    try {
      await runOnServer(url, `ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another worker's template was renamed first: it is the same.
      if ((error as { code?: string }).code !== '42P04') throw error;
      await runOnServer(url, `DROP DATABASE ${building}`);
    }
    return name;
  });
}

/**
 * A test database's commits do not wait for their WAL to reach the disk (about 5 ms each here): what a crash of the
 * server would lose, no test looks at, and what every other session sees of a commit is the same.
 */
async function withoutCommitFlush(url: string, name: string): Promise<void> {
  await runOnServer(url, `ALTER DATABASE ${name} SET synchronous_commit = off`);
}

/** A new database cloned from `template`, again while another clone or an autovacuum worker holds it a moment. */
async function cloneDatabase(url: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runOnServer(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function createPostgresDatabase(url: string, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = randomName();
  // The names are ours (t_, sua_tmpl_ and hex), never input: they are safe to put in the statement.
  if (options.migrated) await cloneDatabase(url, name, await postgresTemplate(url));
  else await runOnServer(url, `CREATE DATABASE ${name}`);
  await withoutCommitFlush(url, name);
  const connections = await connectTo(url, name);
  return {
    ...connections,
    async drop() {
      await connections.drop();
      await dropPostgresDatabase(url, name);
    },
  };
}

/** Connections to an existing database; their drop() closes them only. */
async function connectTo(url: string, name: string): Promise<TestDatabase> {
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
    },
  };
}

async function dropPostgresDatabase(url: string, name: string): Promise<void> {
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
}

/** A PGlite instance as the server's Sql, as openPglite (server/db/sql.ts) makes it. */
function pgliteSql(db: PGlite): Sql {
  const textOf = (statement: string | Prepared) => (typeof statement === 'string' ? statement : statement.text);
  const queryable = (on: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T>(text: string | Prepared, params?: unknown[]) => ({ rows: (await on.query<T>(textOf(text), params)).rows }),
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    exec: async (text) => {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}

interface MigratedPglite {
  /** The migrated instance, for the first caller (a copy would cost it another start); null once taken. */
  first: PGlite | null;
  /** What a new PGlite needs to start as a migrated database: the dump of one, and PGlite's compiled module. */
  start(): Promise<PGlite>;
}

function migratedPglite(): Promise<MigratedPglite> {
  return once('pglite-migrated', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, fsBundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'pglite.data')).then((bytes) => new Blob([bytes])),
    ]);
    const first = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(pgliteSql(first));
      const loadDataDir = await first.dumpDataDir('none');
      return { first, start: () => PGlite.create({ extensions: { pg_trgm }, loadDataDir, pgliteWasmModule, fsBundle }) };
    } catch (error) {
      await first.close();
      throw error;
    }
  });
}

async function openMigratedPglite(): Promise<Sql> {
  const migrated = await migratedPglite();
  const { first } = migrated;
  migrated.first = null;
  return pgliteSql(first ?? (await migrated.start()));
}

/** An empty database for this test file (see TestDatabase); with `migrated`, one with every migration applied. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) return createPostgresDatabase(TEST_DATABASE_URL, options);
  const sql = options.migrated ? await openMigratedPglite() : await openPglite();
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
  /** A database with every migration applied (a copy of one migrated once per worker). */
  openMigrated(): Promise<{ sql: Sql; drop: () => Promise<void> }>;
}

export function sqlTargets(): SqlTarget[] {
  const targets: SqlTarget[] = [
    {
      name: 'PGlite',
      open: async () => {
        const sql = await openPglite();
        return { sql, drop: () => sql.close() };
      },
      openMigrated: async () => {
        const sql = await openMigratedPglite();
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
      openMigrated: async () => {
        const database = await createPostgresDatabase(url, { migrated: true });
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
    await withoutCommitFlush(url, name);
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
 * One database for the suite, whose public schema is dropped and made again before each test: a new database
 * takes seconds to start on PGlite, and creating and dropping one costs PostgreSQL a few hundred ms on a busy
 * machine. On PostgreSQL each test also gets connections of its own, so no statement prepared on an earlier
 * test's tables is kept.
 */
export function emptyDatabaseForEachTest(): () => TestDatabase {
  let current: TestDatabase | null = null;
  const emptySchema = 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;';
  const url = TEST_DATABASE_URL;
  if (url) {
    const name = randomName();
    beforeAll(async () => {
      await runOnServer(url, `CREATE DATABASE ${name}`);
      await withoutCommitFlush(url, name);
    });
    beforeEach(async () => {
      current = await connectTo(url, name);
      await current.sql.exec(emptySchema);
    });
    afterEach(async () => {
      await current?.drop();
      current = null;
    });
    afterAll(() => dropPostgresDatabase(url, name));
  } else {
    beforeAll(async () => {
      current = await createTestDatabase();
    });
    beforeEach(async () => {
      await current?.sql.exec(emptySchema);
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
