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

/**
 * A fresh seed still being stored (meta key `seeding`, while `state` is absent): the keys of the rows this
 * tab committed meanwhile. After a reload mid-way those rows (or their absence: deleted) are put over a new
 * seed, so no acknowledged write is lost (docs/persistence.md, "First visit").
 */
export interface SeedJournal {
  seed: string;
  startedAt: string;
  keys: [string, string][];
}

interface Schema extends DBSchema {
  rows: { key: [string, string]; value: StoredRow; indexes: { byCollection: string } };
  meta: { key: string; value: StoreMeta | SeedJournal };
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
  /** How long the commit took, from taking the changes to the committed transaction (ms; persistence sets it). */
  commitMs?: number;
}

/** What `scan` found besides the rows it handed out. */
export interface ScannedStore {
  meta: StoreMeta | null;
  /** How many rows were read. */
  count: number;
  /** The store held rows of an older format; they were dropped. */
  upgradedFrom: number | null;
}

/** The rows of a collection this tab has (loadCollections' `known`). */
export interface KnownRows {
  count: number;
  has(id: string): boolean;
}

/** Which stored rows a scan reads, and how. */
export interface ScanOptions {
  /** Only these collections. */
  only?: readonly string[];
  /** Every collection but these. */
  except?: readonly string[];
  /**
   * One short readonly transaction per batch instead of one for the whole scan: a scan that runs while
   * the backend already answers must not hold this tab's writes (a readwrite transaction waits for every
   * earlier readonly one over the same store). The batches are then no single snapshot: rows another tab
   * commits meanwhile arrive by its broadcast as well (mirage/browser.ts applies those after the scan).
   */
  detached?: boolean;
  /**
   * Detached scans only: asked before each read; while it returns a promise, the scan waits for it (the
   * requests the backend is answering go first).
   */
  holdWhile?: () => Promise<void> | null;
}

export interface RowStore {
  load(): Promise<LoadedStore>;
  /**
   * Reads the stored rows in key order (collection by collection), a batch at a time: each batch arrives
   * in a task of its own and is handed to onRows there, so the page paints and answers input in between.
   * Batches are sized to take about SCAN_SLICE_MS of onRows' work, and the next batch is already being read
   * while onRows runs. Optional: load() is the fallback.
   */
  scan?(onRows: (rows: LoadedRow[], done: number) => void, options?: ScanOptions): Promise<ScannedStore>;
  /**
   * The stored rows of some collections (the auth rows another tab may have added). With `known`, a
   * collection this tab already has is not read: when the store holds as many of its rows as this tab,
   * nothing (another tab's changes reach this tab by its broadcast); else the keys, then only the rows
   * whose id this tab lacks. A sign-in at the large seed reads no 50,000 users.
   */
  loadCollections(names: readonly string[], options?: { known?: (collection: string) => KnownRows | undefined }): Promise<DbDump>;
  /** Stores one batch of changed rows in one transaction; resolves once it is committed. */
  commit(batch: ChangeBatch): Promise<WriteStats>;
  /**
   * Replaces everything with a fresh seed, and marks it complete, in one transaction, in slices that leave
   * the page responsive; onProgress gets the share stored (0..1) after each slice.
   */
  replaceAll(dump: DbDump, meta: StoreMeta, onProgress?: (done: number) => void): Promise<WriteStats>;
  /** The journal of a fresh seed whose storing did not finish (no `state` mark), else null. */
  unfinishedSeed(): Promise<SeedJournal | null>;
  /** The stored rows of these keys, in their order (undefined: none stored, i.e. deleted). */
  loadKeys(keys: readonly [string, string][]): Promise<unknown[]>;
  /**
   * Starts storing a fresh seed in the background: one transaction clears everything and stores `keep` (the
   * rows a journal carries over) and the journal. Until finishSeed, each commit adds its keys to the
   * journal in its own transaction, and putSeedRows leaves those keys alone (the commits store them).
   */
  beginSeed(journal: SeedJournal, keep: ChangeBatch): Promise<void>;
  /**
   * Stores seed rows from `from` on, in one short transaction of about SLICE_MS of puts; resolves with the
   * index to go on from once it is committed. Rows a commit stored since beginSeed are skipped.
   */
  putSeedRows(collection: string, rows: readonly Row[], from: number): Promise<number>;
  /** Every row of the seed is stored: the `state` mark goes in and the journal goes (one strict transaction). */
  finishSeed(meta: StoreMeta): Promise<void>;
  /** Deletes stored records by key (rows that failed validation). */
  deleteKeys(keys: readonly IDBValidKey[]): Promise<void>;
  /** Forgets everything (Reset demo data). */
  clear(): Promise<void>;
  close(): void;
}

/** The key range of one collection's rows: keys are [collection, id], ids strings or numbers (below any array). */
const collectionRange = (name: string) => IDBKeyRange.bound([name], [name, []]);

/** The key ranges a scan reads, in key order (null: everything). */
export function scanRanges(options: ScanOptions = {}): (IDBKeyRange | null)[] {
  if (options.only) return [...options.only].sort().map(collectionRange);
  const except = [...new Set(options.except ?? [])].sort();
  if (except.length === 0) return [null];
  const ranges: IDBKeyRange[] = [IDBKeyRange.upperBound([except[0] as string], true)];
  for (let i = 1; i < except.length; i += 1) {
    ranges.push(IDBKeyRange.bound([except[i - 1] as string, []], [except[i] as string], true, true));
  }
  ranges.push(IDBKeyRange.lowerBound([except[except.length - 1] as string, []], true));
  return ranges;
}

const sizeOf = (value: unknown): number => JSON.stringify(value).length;

const isJournal = (value: unknown): value is SeedJournal =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as SeedJournal).keys) &&
  typeof (value as SeedJournal).seed === 'string';
/** The `state` record, never a journal (both live in `meta`). */
const asMeta = (value: StoreMeta | SeedJournal | undefined): StoreMeta | null => (value === undefined || isJournal(value) ? null : value);

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
  // The seed being stored by this tab (beginSeed to finishSeed): its journal and the keys in it.
  let seeding: { journal: SeedJournal; keys: Set<string> } | null = null;
  const keyOf = (collection: string, id: unknown) => `${collection}\u0000${String(id)}`;
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
      return { meta: asMeta(meta), rows, upgradedFrom };
    },
    async scan(onRows, scanOptions = {}) {
      const db = unwrap(await open());
      const ranges = scanRanges(scanOptions);
      const detached = scanOptions.detached === true;
      return new Promise<ScannedStore>((resolve, reject) => {
        // Each batch is one getAll over the keys after the last one read. The next batch is asked for as
        // soon as one arrives, before onRows handles it: the browser reads it from disk meanwhile (a scan
        // that waited for each read spent a third of a second visit idle). The key of each row is
        // [c, r.id], the store's key path: no getAllKeys beside the getAll. The batch size follows the
        // time the last one took, so a slow machine gets smaller batches instead of long tasks.
        let meta: StoreMeta | null = null;
        let total = 0;
        let count = 0;
        let size = SCAN_FIRST_BATCH;
        let failed = false;
        let finished = false;
        let shared: IDBTransaction | null = null;
        const fail = (error: unknown) => {
          if (failed) return;
          failed = true;
          try {
            shared?.abort();
          } catch {
            // Already finished.
          }
          reject(error instanceof Error ? error : new DOMException('The stored rows could not be read', 'AbortError'));
        };
        const transaction = () => {
          if (shared && !detached) return shared;
          const tx = db.transaction(['rows', 'meta'], 'readonly');
          tx.onabort = tx.onerror = () => fail(tx.error);
          shared = tx;
          return tx;
        };
        const done = () => {
          if (finished) return;
          finished = true;
          // One shared transaction resolves once it completed (nothing of it left to fail); detached ones at once.
          if (detached || !shared) resolve({ meta, count, upgradedFrom });
          else shared.oncomplete = () => resolve({ meta, count, upgradedFrom });
        };
        const next = (rangeIndex: number, after: IDBValidKey | null) => {
          const hold = detached ? scanOptions.holdWhile?.() : null;
          if (hold) void hold.then(() => next(rangeIndex, after), fail);
          else read(rangeIndex, after);
        };
        const read = (rangeIndex: number, after: IDBValidKey | null) => {
          const range = ranges[rangeIndex] ?? null;
          let query: IDBKeyRange | null = range;
          if (after !== null) {
            query =
              range && range.upper !== undefined
                ? IDBKeyRange.bound(after, range.upper, true, range.upperOpen)
                : IDBKeyRange.lowerBound(after, true);
          }
          const limit = size;
          const request = transaction().objectStore('rows').getAll(query, limit);
          request.onsuccess = () => {
            try {
              const started = performance.now();
              const list = request.result as (StoredRow | undefined)[];
              const full = list.length === limit;
              const last = list[list.length - 1];
              // The next read first: the browser fetches it while this batch is handled.
              if (full && last) next(rangeIndex, [last.c, last.r.id]);
              else if (rangeIndex + 1 < ranges.length) next(rangeIndex + 1, null);
              const batch: LoadedRow[] = list.map((value) => ({
                key: [value?.c ?? '', value?.r.id ?? ''] as IDBValidKey,
                collection: typeof value?.c === 'string' ? value.c : '',
                row: value?.r as unknown,
              }));
              count += batch.length;
              onRows(batch, total === 0 ? 1 : Math.min(1, count / total));
              const elapsed = Math.max(1, performance.now() - started);
              size = Math.max(50, Math.min(5000, Math.round((size * SCAN_SLICE_MS) / elapsed)));
              if (!(full && last) && rangeIndex + 1 >= ranges.length) done();
            } catch (error) {
              fail(error);
            }
          };
        };
        const tx = transaction();
        const metaRequest = tx.objectStore('meta').get('state');
        metaRequest.onsuccess = () => (meta = asMeta(metaRequest.result as StoreMeta | SeedJournal | undefined));
        const counts = ranges.map((range) => tx.objectStore('rows').count(range ?? undefined));
        const lastCount = counts[counts.length - 1];
        if (!lastCount) {
          done();
          return;
        }
        lastCount.onsuccess = () => {
          total = counts.reduce((n, c) => n + c.result, 0);
          read(0, null);
        };
      });
    },
    async loadCollections(names, loadOptions = {}) {
      const db = await open();
      const tx = db.transaction('rows', 'readonly');
      const index = tx.store.index('byCollection');
      const lists = await Promise.all(
        names.map(async (name) => {
          const known = loadOptions.known?.(name);
          if (!known) return index.getAll(name);
          const range = collectionRange(name) as IDBKeyRange & IDBValidKey;
          if ((await tx.store.count(range)) === known.count) return [];
          const keys = (await tx.store.getAllKeys(range)).filter(([, id]) => !known.has(String(id)));
          return Promise.all(keys.map((key) => tx.store.get(key)));
        }),
      );
      await tx.done;
      const dump: DbDump = {};
      names.forEach((name, i) => (dump[name] = (lists[i] ?? []).flatMap((value) => (value ? [value.r] : []))));
      return dump;
    },
    async commit(batch) {
      const stats: WriteStats = { puts: 0, deletes: 0, bytes: 0 };
      if (batch.every((c) => c.put.length === 0 && c.deleted.length === 0)) return stats;
      // While a seed is stored: journaled before the transaction exists, so no seed slice created from now on
      // puts an older value of these rows after this commit.
      const journal = seeding;
      if (journal) {
        for (const { collection, put, deleted } of batch)
          for (const id of [...put.map((row) => row.id), ...deleted]) {
            const key = keyOf(collection, id);
            if (journal.keys.has(key)) continue;
            journal.keys.add(key);
            journal.journal.keys.push([collection, String(id)]);
          }
      }
      const db = await open();
      const stores: ('rows' | 'meta')[] = journal ? ['rows', 'meta'] : ['rows'];
      const tx = db.transaction(stores, 'readwrite', { durability: 'strict' });
      const writes: Promise<unknown>[] = [];
      if (journal && journal === seeding) writes.push(tx.objectStore('meta').put(journal.journal, 'seeding'));
      for (const { collection, put, deleted } of batch) {
        for (const row of put) {
          const value: StoredRow = { c: collection, r: row };
          stats.puts += 1;
          stats.bytes += sizeOf(value);
          writes.push(tx.objectStore('rows').put(value));
        }
        for (const id of deleted) {
          stats.deletes += 1;
          writes.push(tx.objectStore('rows').delete([collection, id]));
        }
      }
      await Promise.all([...writes, tx.done]);
      return stats;
    },
    async replaceAll(dump, meta, onProgress) {
      seeding = null;
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
    async unfinishedSeed() {
      const db = await open();
      const tx = db.transaction('meta', 'readonly');
      const [state, journal] = await Promise.all([tx.store.get('state'), tx.store.get('seeding'), tx.done]);
      return state === undefined && isJournal(journal) ? journal : null;
    },
    async loadKeys(keys) {
      const db = await open();
      const tx = db.transaction('rows', 'readonly');
      const values = await Promise.all(keys.map((key) => tx.store.get(key)));
      await tx.done;
      return values.map((value) => value?.r);
    },
    async beginSeed(journal, keep) {
      const db = await open();
      const tx = db.transaction(['rows', 'meta'], 'readwrite', { durability: 'strict' });
      const rows = tx.objectStore('rows');
      const meta = tx.objectStore('meta');
      const writes: Promise<unknown>[] = [rows.clear(), meta.clear()];
      for (const { collection, put } of keep) for (const row of put) writes.push(rows.put({ c: collection, r: row }));
      writes.push(meta.put(journal, 'seeding'));
      await Promise.all([...writes, tx.done]);
      seeding = { journal, keys: new Set(journal.keys.map(([c, id]) => keyOf(c, id))) };
    },
    async putSeedRows(collection, list, from) {
      const db = unwrap(await open());
      const skip = seeding?.keys ?? new Set<string>();
      // Default durability: finishSeed's strict transaction flushes these with it (one log, in order).
      const tx = db.transaction('rows', 'readwrite', { durability: 'relaxed' });
      const rows = tx.objectStore('rows');
      const started = performance.now();
      let next = from;
      while (next < list.length && performance.now() - started < SLICE_MS) {
        const end = Math.min(list.length, next + 64);
        for (; next < end; next += 1) {
          const row = list[next] as Row;
          if (skip.size === 0 || !skip.has(keyOf(collection, row.id))) rows.put({ c: collection, r: row });
        }
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = tx.onerror = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
      });
      return next;
    },
    async finishSeed(meta) {
      const db = await open();
      const tx = db.transaction('meta', 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put(meta, 'state'), tx.store.delete('seeding'), tx.done]);
      seeding = null;
    },
    async deleteKeys(keys) {
      if (keys.length === 0) return;
      const db = await open();
      const tx = db.transaction('rows', 'readwrite', { durability: 'strict' });
      await Promise.all([...keys.map((key) => tx.store.delete(key as [string, string])), tx.done]);
    },
    async clear() {
      seeding = null;
      const db = await open();
      const tx = db.transaction(['rows', 'meta'], 'readwrite', { durability: 'strict' });
      await Promise.all([tx.objectStore('rows').clear(), tx.objectStore('meta').clear(), tx.done]);
    },
    close() {
      void opening?.then((db) => db.close());
    },
  };
}
