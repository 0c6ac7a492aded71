import { openDB, unwrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { DbDump, Row } from '../db';
import type { ChangeBatch } from './change-log';

/**
 * The demo database in IndexedDB, one record per row: `rows` holds `{ c: collection, r: row }` under
 * the key [collection, row id], so a write stores only the rows it changed. `meta` says which seed the
 * rows came from and that the seed was stored completely (written in the seed's own transaction).
 *
 * Bump STORE_FORMAT when a seed or a row shape changes incompatibly: the upgrade drops the old rows
 * and the demo starts from fresh seeds (the user is told).
 */
export const STORE_NAME = 'service-unit-admin-mirage';
export const STORE_FORMAT = 1;

export interface StoredRow {
  c: string;
  r: Row;
}

export interface StoreMeta {
  seed: string;
  seededAt: string;
}

interface Schema extends DBSchema {
  rows: { key: [string, string]; value: StoredRow; indexes: { byCollection: string } };
  meta: { key: string; value: StoreMeta };
}

/** One stored row with its key, as loaded (the row itself is not trusted yet). */
export interface LoadedRow {
  key: IDBValidKey;
  collection: string;
  row: unknown;
}

export interface LoadedStore {
  meta: StoreMeta | null;
  rows: LoadedRow[];
  /** The store held rows of an older format; they were dropped. */
  upgradedFrom: number | null;
}

/** What one write cost: records written and deleted, and the bytes of the written records as JSON. */
export interface WriteStats {
  puts: number;
  deletes: number;
  bytes: number;
}

/** What `scan` found besides the rows it handed out. */
export interface ScannedStore {
  meta: StoreMeta | null;
  /** How many rows were read. */
  count: number;
  /** The store held rows of an older format; they were dropped. */
  upgradedFrom: number | null;
}

export interface RowStore {
  load(): Promise<LoadedStore>;
  /**
   * Reads every stored row in key order (collection by collection), a batch at a time: each batch arrives
   * in a task of its own and is handed to onRows there, so the page paints and answers input in between.
   * Batches are sized to take about SLICE_MS including onRows' work. Optional: load() is the fallback.
   */
  scan?(onRows: (rows: LoadedRow[], done: number) => void): Promise<ScannedStore>;
  /** The stored rows of some collections (the auth rows another tab may have added). */
  loadCollections(names: readonly string[]): Promise<DbDump>;
  /** Stores one batch of changed rows in one transaction; resolves once it is committed. */
  commit(batch: ChangeBatch): Promise<WriteStats>;
  /**
   * Replaces everything with a fresh seed, and marks it complete, in one transaction, in slices that leave
   * the page responsive; onProgress gets the share stored (0..1) after each slice.
   */
  replaceAll(dump: DbDump, meta: StoreMeta, onProgress?: (done: number) => void): Promise<WriteStats>;
  /** Deletes stored records by key (rows that failed validation). */
  deleteKeys(keys: readonly IDBValidKey[]): Promise<void>;
  /** Forgets everything (Reset demo data). */
  clear(): Promise<void>;
  close(): void;
}

const sizeOf = (value: unknown): number => JSON.stringify(value).length;

/** How long one slice of a seed's puts may hold the main thread (ms). */
const SLICE_MS = 25;
/** How long one batch of a scan should take, reading and handling it (ms): well under a 50 ms long task. */
const SCAN_SLICE_MS = 12;
const SCAN_FIRST_BATCH = 200;

export interface IdbStoreOptions {
  name?: string;
  /** A tab that opens a newer format asks this one to let go: it closes and calls this. */
  onVersionChange?: () => void;
}

/**
 * The row store on IndexedDB through `idb` (promises over real transactions). Transactions use
 * `durability: 'strict'`: a write is flushed to disk before the answer, as a server's commit would be.
 */
export function createIdbStore(options: IdbStoreOptions = {}): RowStore {
  let upgradedFrom: number | null = null;
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    opening ??= openDB<Schema>(options.name ?? STORE_NAME, STORE_FORMAT, {
      upgrade(db, oldVersion) {
        if (oldVersion > 0) upgradedFrom = oldVersion;
        for (const name of [...db.objectStoreNames]) db.deleteObjectStore(name);
        const rows = db.createObjectStore('rows', { keyPath: ['c', 'r.id'] });
        rows.createIndex('byCollection', 'c');
        db.createObjectStore('meta');
      },
      blocking() {
        void opening?.then((db) => db.close());
        options.onVersionChange?.();
      },
    });
    return opening;
  };

  return {
    async load() {
      const db = await open();
      const tx = db.transaction(['rows', 'meta'], 'readonly');
      const [keys, values, meta] = await Promise.all([
        tx.objectStore('rows').getAllKeys(),
        tx.objectStore('rows').getAll(),
        tx.objectStore('meta').get('state'),
      ]);
      await tx.done;
      const rows = values.map((value, i) => ({
        key: keys[i] as IDBValidKey,
        collection: typeof value?.c === 'string' ? value.c : '',
        row: value?.r as unknown,
      }));
      return { meta: meta ?? null, rows, upgradedFrom };
    },
    async scan(onRows) {
      const db = unwrap(await open());
      return new Promise<ScannedStore>((resolve, reject) => {
        // One readonly transaction (one consistent snapshot): each batch is a getAllKeys + getAll pair over
        // the keys after the last one read, issued from the previous batch's success event, so the
        // transaction stays active and every batch is a task of its own. The batch size follows the time
        // the last one took, so a slow machine gets smaller batches instead of long tasks.
        const tx = db.transaction(['rows', 'meta'], 'readonly');
        const rows = tx.objectStore('rows');
        let meta: StoreMeta | null = null;
        let total = 0;
        let count = 0;
        let size = SCAN_FIRST_BATCH;
        tx.oncomplete = () => resolve({ meta, count, upgradedFrom });
        tx.onabort = tx.onerror = () => reject(tx.error ?? new DOMException('The stored rows could not be read', 'AbortError'));
        const metaRequest = tx.objectStore('meta').get('state');
        metaRequest.onsuccess = () => (meta = (metaRequest.result as StoreMeta | undefined) ?? null);
        const next = (after: IDBValidKey | null) => {
          const range = after === null ? null : IDBKeyRange.lowerBound(after, true);
          const started = performance.now();
          const keys = rows.getAllKeys(range, size);
          const values = rows.getAll(range, size);
          values.onsuccess = () => {
            try {
              const list = values.result as (StoredRow | undefined)[];
              const keyList = keys.result;
              const batch: LoadedRow[] = list.map((value, i) => ({
                key: keyList[i] as IDBValidKey,
                collection: typeof value?.c === 'string' ? value.c : '',
                row: value?.r as unknown,
              }));
              count += batch.length;
              onRows(batch, total === 0 ? 1 : Math.min(1, count / total));
              const full = batch.length === size;
              const elapsed = Math.max(1, performance.now() - started);
              size = Math.max(50, Math.min(5000, Math.round((size * SCAN_SLICE_MS) / elapsed)));
              if (full) next(keyList[keyList.length - 1] as IDBValidKey);
            } catch (error) {
              tx.abort();
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          };
        };
        const counting = rows.count();
        counting.onsuccess = () => {
          total = counting.result;
          next(null);
        };
      });
    },
    async loadCollections(names) {
      const db = await open();
      const tx = db.transaction('rows', 'readonly');
      const index = tx.store.index('byCollection');
      const lists = await Promise.all(names.map((name) => index.getAll(name)));
      await tx.done;
      const dump: DbDump = {};
      names.forEach((name, i) => (dump[name] = (lists[i] ?? []).map((value) => value.r)));
      return dump;
    },
    async commit(batch) {
      const stats: WriteStats = { puts: 0, deletes: 0, bytes: 0 };
      if (batch.every((c) => c.put.length === 0 && c.deleted.length === 0)) return stats;
      const db = await open();
      const tx = db.transaction('rows', 'readwrite', { durability: 'strict' });
      const writes: Promise<unknown>[] = [];
      for (const { collection, put, deleted } of batch) {
        for (const row of put) {
          const value: StoredRow = { c: collection, r: row };
          stats.puts += 1;
          stats.bytes += sizeOf(value);
          writes.push(tx.store.put(value));
        }
        for (const id of deleted) {
          stats.deletes += 1;
          writes.push(tx.store.delete([collection, id]));
        }
      }
      await Promise.all([...writes, tx.done]);
      return stats;
    },
    async replaceAll(dump, meta, onProgress) {
      const entries: StoredRow[] = Object.entries(dump).flatMap(([collection, list]) => list.map((row) => ({ c: collection, r: row })));
      const db = unwrap(await open());
      await new Promise<void>((resolve, reject) => {
        // One transaction (the rows and the "seed complete" mark commit together), fed in slices of
        // SLICE_MS: each slice's puts are queued, and the next slice starts from the first put's success
        // event, a task of its own, so the page paints and answers input in between (170,000 rows of the
        // large seed took one 85-second task through one promise per put).
        const tx = db.transaction(['rows', 'meta'], 'readwrite', { durability: 'strict' });
        const rows = tx.objectStore('rows');
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
        let next = 0;
        const slice = () => {
          try {
            const started = performance.now();
            let first: IDBRequest | null = null;
            while (next < entries.length && (first === null || performance.now() - started < SLICE_MS)) {
              const request = rows.put(entries[next] as StoredRow);
              first ??= request;
              next += 1;
            }
            onProgress?.(entries.length === 0 ? 1 : next / entries.length);
            // Chained to the slice's first put: the browser stores the rest while the next slice is queued.
            if (first && next < entries.length) first.onsuccess = slice;
            else tx.objectStore('meta').put(meta, 'state');
          } catch (error) {
            tx.abort();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        rows.clear().onsuccess = slice;
      });
      return { puts: entries.length, deletes: 0, bytes: 0 };
    },
    async deleteKeys(keys) {
      if (keys.length === 0) return;
      const db = await open();
      const tx = db.transaction('rows', 'readwrite', { durability: 'strict' });
      await Promise.all([...keys.map((key) => tx.store.delete(key as [string, string])), tx.done]);
    },
    async clear() {
      const db = await open();
      const tx = db.transaction(['rows', 'meta'], 'readwrite', { durability: 'strict' });
      await Promise.all([tx.objectStore('rows').clear(), tx.objectStore('meta').clear(), tx.done]);
    },
    close() {
      void opening?.then((db) => db.close());
    },
  };
}
