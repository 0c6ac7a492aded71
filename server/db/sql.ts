import type { PoolClient } from 'pg';

/**
 * The one door to the database: PGlite (PostgreSQL in this process, in a data folder) by default, or a
 * real PostgreSQL through `pg` when DATABASE_URL is set. Both take the same SQL with bound parameters
 * ($1, $2, …); nothing builds SQL from input.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string | Prepared, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * A statement of a hot path, prepared once per connection: PostgreSQL plans it at its first calls and then
 * keeps a plan, instead of planning it at every call (an agent's heartbeat spent as long planning its
 * statements as running them). For statements whose best plan does not depend on their values (a row by
 * its key): a list's search keeps being planned for its own values.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

const preparedByText = new Map<string, Prepared>();

/** The statement as Prepared, named after its text (one name per text, so two callers of one text share it). */
export function prepared(text: string): Prepared {
  let statement = preparedByText.get(text);
  if (!statement) {
    // FNV-1a of the text: a name PostgreSQL accepts (under 63 bytes), the same in every process.
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    statement = { name: `sua_${hash.toString(16)}_${text.length}`, text };
    preparedByText.set(text, statement);
  }
  return statement;
}

const textOf = (statement: string | Prepared): string => (typeof statement === 'string' ? statement : statement.text);
/** What `pg` takes: a named statement is parsed once per connection. */
const pgQuery = (statement: string | Prepared, values?: unknown[]) =>
  typeof statement === 'string' ? { text: statement, values } : { name: statement.name, text: statement.text, values };

export interface TransactionOptions {
  /**
   * SERIALIZABLE isolation (PostgreSQL): the transaction commits only if running it alone would have given the
   * same result, else it fails with a serialization failure (see `isRetryable`). PGlite has one connection:
   * its transactions run one after another anyway.
   */
  serializable?: boolean;
}

export interface Sql extends Queryable {
  /** Runs fn in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Several statements in one string (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** 'pglite' or 'postgres', for the start message. */
  readonly kind: 'pglite' | 'postgres';
}

export async function openPglite(dataDir?: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The lists' searches use a trigram index (server/migrations/007_search_index.sql), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { extensions: { pg_trgm } };
  const db = dataDir ? await PGlite.create(dataDir, extensions) : await PGlite.create(extensions);
  return {
    kind: 'pglite',
    query: async <T>(text: string | Prepared, params?: unknown[]) => ({ rows: (await db.query<T>(textOf(text), params)).rows }),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ query: async <T>(text: string | Prepared, params?: unknown[]) => ({ rows: (await tx.query<T>(textOf(text), params)).rows }) }),
      ),
    exec: async (text) => {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  // bigint (int8) as a number: the counters kept as bigint (live events' positions, mail numbers, pids) stay far below 2^53.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString, max: Number(process.env['PG_POOL_SIZE'] ?? 10) });
  // pool.end() resolves once it has asked its connections to end, not once they have: close() waits for
  // every one, so a database dropped (or a server stopped) right after close() ends no live session.
  const connections = new Set<PoolClient>();
  pool.on('connect', (client) => connections.add(client));
  pool.on('remove', (client) => connections.delete(client));
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: async <T>(text: string | Prepared, params?: unknown[]) => ({ rows: (await pool.query(pgQuery(text, params))).rows as T[] }),
    async transaction(fn, options) {
      const client = await pool.connect();
      try {
        await client.query(options?.serializable ? 'BEGIN ISOLATION LEVEL SERIALIZABLE' : 'BEGIN');
        const result = await fn({
          query: async <T>(text: string | Prepared, params?: unknown[]) => ({
            rows: (await client.query(pgQuery(text, params))).rows as T[],
          }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (text) => {
      await pool.query(text);
    },
    async close() {
      const allEnded = new Promise<void>((resolve) => {
        const check = () => {
          if (connections.size > 0) return;
          pool.off('remove', check);
          resolve();
        };
        pool.on('remove', check);
        check();
      });
      await pool.end();
      await allEnded;
    },
  };
}

/** SQLSTATEs after which a transaction is run again from its start: it failed only because another one ran beside it. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '23505', // unique_violation: a concurrent insert of the same key (the rerun sees it, and its rules answer)
]);

/** A timestamptz column as the ISO text the API speaks (millisecond precision, UTC): `2026-12-06T10:49:23.000Z`. */
export const isoText = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a database error says (of the error, or of an error it caused), or null: its SQLSTATE, and the constraint, table, column and detail PostgreSQL named. */
export interface DatabaseError {
  code: string;
  constraint: string | null;
  table: string | null;
  column: string | null;
  detail: string | null;
}

export function databaseError(error: unknown): DatabaseError | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  let cause = error;
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth += 1) {
    const { code, constraint, table, column, detail, cause: next } = cause as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: text(constraint), table: text(table), column: text(column), detail: text(detail) };
    cause = next;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const NOT_NULL_VIOLATION = '23502';
export const FOREIGN_KEY_VIOLATION = '23503';
export const CHECK_VIOLATION = '23514';

/** Whether a transaction that failed with `error` may succeed when run again (see RETRYABLE). */
export function isRetryable(error: unknown): boolean {
  const code = databaseError(error)?.code;
  return code !== undefined && RETRYABLE.has(code);
}
