import type { Row } from '../../mirage/db';
import type { Queryable } from './sql';
import { writer, type WriteBatch } from './unit-of-work';

/**
 * The records of one collection of `rows`, as a repository that keeps them in PostgreSQL only reads and
 * writes them: by id, stored whole through the row store's writeBatch (a change number, a tombstone when
 * deleted, list tables following in the same transaction), always inside the request's unit of work.
 */

/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
export const storable = (id: string): boolean => !id.includes('\0');

async function storedOf<T extends Row>(db: Queryable, collection: string, ids: readonly string[]): Promise<T[]> {
  const wanted = [...new Set(ids)].filter(storable);
  if (wanted.length === 0) return [];
  const { rows } = await db.query<{ data: T }>(`SELECT data FROM rows WHERE collection = $1 AND NOT deleted AND id = ANY($2::text[])`, [
    collection,
    wanted,
  ]);
  return rows.map((row) => row.data);
}

export function collectionRecords<T extends Row>(collection: string, writeBatch: WriteBatch) {
  const get = async (db: Queryable, id: string): Promise<T | undefined> => {
    if (!storable(id)) return undefined;
    const { rows } = await db.query<{ data: T }>(`SELECT data FROM rows WHERE collection = $1 AND NOT deleted AND id = $2`, [
      collection,
      id,
    ]);
    return rows[0]?.data;
  };
  /** Stores these records whole, in the current unit of work. */
  const put = async (records: readonly T[]): Promise<void> => {
    if (records.length === 0) return;
    const { tx, wrote } = await writer();
    wrote(await writeBatch(tx, [{ collection, put: [...records], deleted: [] }]));
  };
  /** The stored ones of these ids, in no particular order. */
  const getMany = (db: Queryable, ids: readonly string[]): Promise<T[]> => storedOf<T>(db, collection, ids);
  return {
    get,
    getMany,
    /** The records a query over `rows r` answers (it selects `data`). */
    async select(db: Queryable, text: string, values: readonly unknown[]): Promise<T[]> {
      const { rows } = await db.query<{ data: T }>(text, [...values]);
      return rows.map((row) => row.data);
    },
    put,
    /** Stores one record and answers it. */
    async putOne(record: T): Promise<T> {
      await put([record]);
      return record;
    },
    /** Changes a stored record (an unknown id is a programming error: the handler found it first). */
    async update(id: string, patch: Partial<T>): Promise<T> {
      const { tx } = await writer();
      const existing = await get(tx, id);
      if (!existing) throw new Error(`No ${collection} record ${id}`);
      const record = { ...existing, ...patch };
      await put([record]);
      return record;
    },
    /** Removes these records (ids not stored are ignored). */
    async remove(ids: readonly string[]): Promise<void> {
      const { tx, wrote } = await writer();
      const wanted = [...new Set(ids)].filter(storable);
      if (wanted.length === 0) return;
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = $1 AND NOT deleted AND id = ANY($2::text[])`,
        [collection, wanted],
      );
      if (rows.length > 0) wrote(await writeBatch(tx, [{ collection, put: [], deleted: rows.map((row) => row.id) }]));
    },
  };
}
