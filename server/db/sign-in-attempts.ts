import { SIGN_IN_WINDOW_MS, type SignInAttemptRecord, type SignInAttemptRepository } from '../../core/sign-in-attempts';
import { SIGN_IN_ATTEMPTS } from '../../mirage/domains/sign-in-throttle';
import { newRecordId } from '../../mirage/record-ids';
import { storable } from './records';
import type { Queryable } from './sql';
import { writer } from './unit-of-work';

/**
 * The sign-in throttle's counters in their own table (server/migrations/028_sign_in_attempts.sql): the
 * server's SignInAttemptRepository (core/sign-in-attempts.ts). A change claims its keys' rows with one
 * INSERT … ON CONFLICT DO UPDATE, which locks each (new or not) until the sign-in's unit of work ends, so
 * attempts sent together, to one instance or several, are each checked against the ones counted before them.
 */

export { SIGN_IN_ATTEMPTS };

/** Stores counters whole and deletes counters by id, in the caller's transaction (the store's writeBatch: a seed, a test). */
export async function writeSignInAttempts(tx: Queryable, put: readonly SignInAttemptRecord[], deleted: readonly string[]): Promise<void> {
  if (put.length > 0) {
    await tx.query(
      `INSERT INTO sign_in_attempts (key, id, failures)
       SELECT key, id, ARRAY(SELECT jsonb_array_elements_text(failures)::bigint)
       FROM jsonb_to_recordset($1::jsonb) AS c(key text, id text, failures jsonb)
       ON CONFLICT (key) DO UPDATE SET id = excluded.id, failures = excluded.failures`,
      [JSON.stringify(put.map((record) => ({ key: record.key, id: String(record.id), failures: record.failures.map(Math.floor) })))],
    );
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query('DELETE FROM sign_in_attempts WHERE id = ANY($1::text[])', [gone]);
}

/** bigint[]: node-postgres answers its elements as text. */
type Failures = readonly (string | number)[];

export function createSqlSignInAttempts(_sql: Queryable): SignInAttemptRepository {
  return {
    async change(keys, decide) {
      const { tx } = await writer();
      // In one order, so two sign-ins that share keys lock them the same way round.
      const wanted = [...new Set(keys)].filter(storable).sort();
      const { rows } =
        wanted.length === 0
          ? { rows: [] }
          : await tx.query<{ key: string; failures: Failures }>(
              `INSERT INTO sign_in_attempts (key, id, failures)
               SELECT key, id, ARRAY[]::bigint[] FROM unnest($1::text[], $2::text[]) AS k(key, id)
               ON CONFLICT (key) DO UPDATE SET key = excluded.key
               RETURNING key, failures`,
              [wanted, wanted.map(() => newRecordId())],
            );
      // A key without failures has no counter (its row was claimed just now, and goes below unless it counts one).
      const stored = new Map(rows.filter((row) => row.failures.length > 0).map((row) => [row.key, row.failures.map(Number)]));
      const { failures, value } = decide(stored);
      const decided = [...failures].filter(([key]) => storable(key));
      const counted = decided.filter(([, next]) => next.length > 0);
      if (counted.length > 0) {
        await tx.query(
          `INSERT INTO sign_in_attempts (key, id, failures)
           SELECT key, id, ARRAY(SELECT jsonb_array_elements_text(failures)::bigint)
           FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS c(key, id, failures)
           ON CONFLICT (key) DO UPDATE SET failures = excluded.failures`,
          [counted.map(([key]) => key), counted.map(() => newRecordId()), counted.map(([, next]) => JSON.stringify(next.map(Math.floor)))],
        );
      }
      // The counters decided empty go, and so do the rows claimed above that still count nothing.
      const gone = decided.filter(([, next]) => next.length === 0).map(([key]) => key);
      if (wanted.length > 0 || gone.length > 0) {
        await tx.query(
          'DELETE FROM sign_in_attempts WHERE key = ANY($1::text[]) OR (key = ANY($2::text[]) AND cardinality(failures) = 0)',
          [gone, wanted],
        );
      }
      return value;
    },
    async removeStale(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ key: string }>(
        `DELETE FROM sign_in_attempts WHERE NOT EXISTS (SELECT 1 FROM unnest(failures) AS failure WHERE failure + $2 > $1) RETURNING key`,
        [now, SIGN_IN_WINDOW_MS],
      );
      return rows.length;
    },
  };
}
