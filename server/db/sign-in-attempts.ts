import { SIGN_IN_WINDOW_MS, type SignInAttemptRecord, type SignInAttemptRepository } from '../../core/sign-in-attempts';
import { SIGN_IN_ATTEMPTS } from '../../mirage/domains/sign-in-throttle';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { writer, type WriteBatch } from './unit-of-work';

/**
 * The sign-in throttle's counters in PostgreSQL only: the server's SignInAttemptRepository
 * (core/sign-in-attempts.ts), found by key (server/migrations/014_sign_in_attempts.sql). A change reads and
 * writes in the sign-in's unit of work, a serializable transaction, so attempts sent together (to one instance or
 * to several) are each checked against the ones counted before them.
 */

export { SIGN_IN_ATTEMPTS };

export function createSqlSignInAttempts(_sql: Queryable, writeBatch: WriteBatch): SignInAttemptRepository {
  const records = collectionRecords<SignInAttemptRecord>(SIGN_IN_ATTEMPTS, writeBatch);
  return {
    async change(keys, decide) {
      const { tx } = await writer();
      const wanted = [...new Set(keys)].filter(storable);
      const { rows } =
        wanted.length === 0
          ? { rows: [] }
          : await tx.query<{ data: SignInAttemptRecord }>(
              `SELECT data FROM rows WHERE collection = '${SIGN_IN_ATTEMPTS}' AND NOT deleted AND data ->> 'key' = ANY($1::text[])`,
              [wanted],
            );
      const stored = new Map(rows.map(({ data }) => [data.key, data]));
      const { failures, value } = decide(new Map([...stored].map(([key, record]) => [key, record.failures])));
      const put: SignInAttemptRecord[] = [];
      const gone: string[] = [];
      for (const [key, next] of failures) {
        const existing = stored.get(key);
        if (next.length > 0) put.push({ id: existing?.id ?? newRecordId(), key, failures: [...next] });
        else if (existing) gone.push(String(existing.id));
      }
      await records.put(put);
      await records.remove(gone);
      return value;
    },
    async removeStale(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${SIGN_IN_ATTEMPTS}' AND NOT deleted AND NOT EXISTS (
           SELECT 1 FROM jsonb_array_elements_text(data -> 'failures') AS failure WHERE failure::numeric + $2 > $1
         )`,
        [now, SIGN_IN_WINDOW_MS],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
  };
}
