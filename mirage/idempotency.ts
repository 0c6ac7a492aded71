import { table, type MirageDb, type Row } from './db';
import { isExpired, type IdempotencyRecord, type IdempotencyRepository } from '../core/idempotency';

/**
 * The kept answers of idempotent creates (the rules: core/idempotency.ts, api/idempotency.ts) as this
 * backend's rows in the browser; the server's are PostgreSQL's.
 */

export const IDEMPOTENCY_KEYS = 'idempotencyKeys';

export interface IdempotencyRow extends Row, IdempotencyRecord {}

const keys = (db: MirageDb) => table<IdempotencyRow>(db, IDEMPOTENCY_KEYS);

/** The kept answers as the rows in memory. */
export function memoryIdempotencyKeys(db: MirageDb): IdempotencyRepository {
  return {
    find(owner, key, now) {
      return Promise.resolve(keys(db).where((r) => r.owner === owner && r.key === key && !isExpired(r, now))[0]);
    },
    insert(record) {
      keys(db).insert({ ...record });
      return Promise.resolve();
    },
    removeExpired(now) {
      const old = keys(db).where((r) => isExpired(r, now));
      for (const row of old) keys(db).remove(row.id);
      return Promise.resolve(old.length);
    },
  };
}

export const idempotencyStore = (db: MirageDb): IdempotencyRepository => memoryIdempotencyKeys(db);
