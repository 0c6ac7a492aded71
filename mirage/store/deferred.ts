import { markChanged, type DbDump, type MirageDb, type Row } from '../db';
import { collectionOf } from '../mirage-internals';

/**
 * A collection of a second visit that is still being read from the store (docs/persistence.md, "Load
 * order"). Reading it would answer from half its rows, so it throws instead: the request gate in
 * mirage/browser.ts keeps every request that may read it waiting until it is loaded, and this error
 * means a request got past the gate that should not have (a bug, reported on the console).
 */
export class NotLoadedYetError extends Error {
  constructor(readonly collection: string) {
    super(`The demo backend is still loading "${collection}"`);
    this.name = 'NotLoadedYetError';
  }
}

export interface DeferredCollections {
  /** The collections not loaded yet. */
  readonly pending: ReadonlySet<string>;
  /** Adds checked rows to their (still hidden) collections, without copies, as Mirage's insert would keep them. */
  add(dump: DbDump): void;
  /**
   * The collections are readable and writable until close(), within one task: a slice of the seed that fills
   * them (a first visit's later seeds, docs/persistence.md, "First visit"), which no request can come between.
   */
  open(): void;
  close(): void;
  /** Every row is in: the collections become readable (and their list caches rebuild). */
  finish(): void;
}

/**
 * Hides the given collections until finish(): until then any read or write of their rows throws
 * NotLoadedYetError, and the stored rows go in through add(), as they arrive in batches.
 */
export function deferCollections(
  db: MirageDb,
  names: readonly string[],
  onMisuse: (error: NotLoadedYetError) => void,
): DeferredCollections {
  const pending = new Set(names);
  const hidden = new Map<string, Row[]>();
  const refusals = new Map<string, () => never>();
  const hide = () => {
    for (const [name, refuse] of refusals) {
      const collection = collectionOf(db, name);
      if (!collection) continue;
      // The array as it is now (Mirage may have replaced it while the collection was open).
      const open = Object.getOwnPropertyDescriptor(collection, '_records');
      if (open && 'value' in open) hidden.set(name, open.value as Row[]);
      Object.defineProperty(collection, '_records', { configurable: true, enumerable: true, get: refuse, set: refuse });
    }
  };
  const show = () => {
    for (const [name, rows] of hidden) {
      const collection = collectionOf(db, name);
      if (collection) Object.defineProperty(collection, '_records', { configurable: true, enumerable: true, writable: true, value: rows });
    }
  };
  for (const name of names) {
    if (!(name in db)) db.createCollection(name);
    if (!collectionOf(db, name)) continue;
    refusals.set(name, () => {
      const error = new NotLoadedYetError(name);
      onMisuse(error);
      throw error;
    });
  }
  hide();
  return {
    pending,
    add(dump) {
      for (const [name, rows] of Object.entries(dump)) {
        const into = hidden.get(name);
        const collection = collectionOf(db, name);
        if (!into || !collection) continue;
        for (const row of rows) {
          row.id = String(row.id);
          collection.identityManager.set(row.id);
          into.push(row);
        }
      }
    },
    open: show,
    close: hide,
    finish() {
      show();
      for (const name of hidden.keys()) {
        pending.delete(name);
        markChanged(db, name);
      }
      hidden.clear();
      refusals.clear();
    },
  };
}
