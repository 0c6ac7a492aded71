import { IDEMPOTENCY_TTL_MS, type IdempotencyRecord, type IdempotencyRepository } from '../../core/idempotency';
import { IDEMPOTENCY_KEYS } from '../../mirage/idempotency';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { writer, type WriteBatch } from './unit-of-work';

/**
 * The idempotent creates' kept answers in PostgreSQL only: the server's IdempotencyRepository
 * (core/idempotency.ts), found by owner and key and forgotten by age
 * (server/migrations/016_idempotency_keys.sql). A create reads, runs and keeps its answer in one unit of
 * work, a serializable transaction, so the same key sent to two instances at once creates once: the second
 * one runs again after the first commits, and replays its answer.
 */

export { IDEMPOTENCY_KEYS };

type Stored = IdempotencyRecord & { id: string };

export function createSqlIdempotencyKeys(_sql: Queryable, writeBatch: WriteBatch): IdempotencyRepository {
  const records = collectionRecords<Stored>(IDEMPOTENCY_KEYS, writeBatch);
  return {
    async find(owner, key, now) {
      const { tx } = await writer();
      if (!storable(owner) || !storable(key)) return undefined;
      const { rows } = await tx.query<{ data: Stored }>(
        `SELECT data FROM rows WHERE collection = '${IDEMPOTENCY_KEYS}' AND NOT deleted
           AND data ->> 'owner' = $1 AND data ->> 'key' = $2 AND (data ->> 'createdAt')::numeric >= $3
         ORDER BY id COLLATE "C" LIMIT 1`,
        [owner, key, now - IDEMPOTENCY_TTL_MS],
      );
      const found = rows[0]?.data;
      if (!found) return undefined;
      const { id: _id, ...record } = found;
      return record;
    },
    async insert(record) {
      await records.put([{ ...record, id: newRecordId() }]);
    },
    async removeExpired(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${IDEMPOTENCY_KEYS}' AND NOT deleted AND (data ->> 'createdAt')::numeric < $1`,
        [now - IDEMPOTENCY_TTL_MS],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
  };
}
