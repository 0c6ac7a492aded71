import { IDEMPOTENCY_TTL_MS, type IdempotencyRecord, type IdempotencyRepository } from '../../core/idempotency';
import { IDEMPOTENCY_KEYS } from '../../mirage/idempotency';
import { storable } from './records';
import type { Queryable } from './sql';
import { writer } from './unit-of-work';

/**
 * The idempotent creates' kept answers in their own table (server/migrations/029_idempotency_keys.sql): the
 * server's IdempotencyRepository (core/idempotency.ts), one row per owner and key, forgotten by age. A create
 * reads, runs and keeps its answer in one unit of work, and the key is the table's primary key: the same key
 * sent to two instances at once creates once. The second waits on the first's row, collides with it at the
 * first's commit, runs again (server/db/store.ts) and replays the first's answer.
 */

export { IDEMPOTENCY_KEYS };

interface KeptColumns {
  owner: string;
  key: string;
  fingerprint: string;
  status: number;
  body: unknown;
  /** bigint: node-postgres answers it as text. */
  created_at: string | number;
}

const INSERT = `INSERT INTO idempotency_keys (owner, key, fingerprint, status, body, created_at)
  SELECT owner, key, fingerprint, status, body, created_at
  FROM jsonb_to_recordset($1::jsonb) AS k(owner text, key text, fingerprint text, status smallint, body jsonb, created_at bigint)`;

const columnsOf = (record: IdempotencyRecord) => ({
  owner: record.owner,
  key: record.key,
  fingerprint: record.fingerprint,
  status: record.status,
  body: record.body ?? null,
  created_at: Math.floor(record.createdAt),
});

/** Stores kept answers (a seed, a test), in the caller's transaction (the store's writeBatch). */
export async function writeIdempotencyKeys(tx: Queryable, put: readonly IdempotencyRecord[]): Promise<void> {
  if (put.length === 0) return;
  await tx.query(
    `${INSERT} ON CONFLICT (owner, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
       body = excluded.body, created_at = excluded.created_at`,
    [JSON.stringify(put.map(columnsOf))],
  );
}

export function createSqlIdempotencyKeys(_sql: Queryable): IdempotencyRepository {
  return {
    async find(owner, key, now) {
      const { tx } = await writer();
      if (!storable(owner) || !storable(key)) return undefined;
      const { rows } = await tx.query<KeptColumns>(
        'SELECT owner, key, fingerprint, status, body, created_at FROM idempotency_keys WHERE owner = $1 AND key = $2 AND created_at >= $3',
        [owner, key, now - IDEMPOTENCY_TTL_MS],
      );
      const found = rows[0];
      if (!found) return undefined;
      return {
        owner: found.owner,
        key: found.key,
        fingerprint: found.fingerprint,
        status: Number(found.status),
        body: found.body,
        createdAt: Number(found.created_at),
      };
    },
    async insert(record) {
      const { tx } = await writer();
      // An expired answer of the key makes way; a kept one refuses the insert (a create ran beside this one).
      await tx.query('DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND created_at < $3', [
        record.owner,
        record.key,
        record.createdAt - IDEMPOTENCY_TTL_MS,
      ]);
      await tx.query(INSERT, [JSON.stringify([columnsOf(record)])]);
    },
    async removeExpired(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ key: string }>('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key', [
        now - IDEMPOTENCY_TTL_MS,
      ]);
      return rows.length;
    },
  };
}
