import { markChanged, type MirageDb, type Row } from '../db';
import { collectionsOf, rawDb, type MirageCollection } from '../mirage-internals';

/** What one commit stores: per collection, the rows to write (their current value) and the ids to delete. */
export interface CollectionChanges {
  collection: string;
  put: Row[];
  deleted: string[];
}
export type ChangeBatch = CollectionChanges[];

/** The rows a batch touched, as they were before it (null: the row did not exist), to undo it. */
export type BeforeImages = Map<string, Map<string, Row | null>>;

export interface PendingChanges {
  batch: ChangeBatch;
  /** Restores the in-memory rows the batch changed (after its commit failed). */
  undo(): void;
}

export interface ChangeTracker {
  /** Takes every change since the last take: the current value of each changed row, and its before-image. */
  take(): PendingChanges;
  /** True when nothing changed since the last take. */
  readonly isEmpty: boolean;
  /** Runs fn without recording its changes (rows another tab already stored). */
  silently<T>(fn: () => T): T;
  /** Records nothing until the returned function is called (a slice of a seed, which the background store stores). */
  pause(): () => void;
  /** Records that a row was deleted although it is not in memory (a stored row dropped as unreadable). */
  markDeleted(collection: string, id: string): void;
  /** Stops recording. */
  stop(): void;
}

/** Mirage's DbCollection, the parts the tracker wraps and reads (mirage/mirage-internals.ts). */
type RawCollection = MirageCollection;

const copy = (row: Row): Row => structuredClone(row);

/** The records an update or remove with this target is about to touch (Mirage's own rules). */
export function targeted(collection: RawCollection, target: unknown, all: boolean): Row[] {
  if (all) return collection._records;
  if (typeof target === 'number' || typeof target === 'string') {
    const row = collection._findRecord(target);
    return row ? [row] : [];
  }
  if (Array.isArray(target)) return collection._findRecords(target as (string | number)[]).filter((r): r is Row => Boolean(r));
  if (typeof target === 'object' && target !== null) return collection._findRecordsWhere(target);
  return [];
}

/** Puts the rows back as the before-images say (inserted ones go, changed and removed ones return). */
export function restoreRows(db: MirageDb, images: BeforeImages): void {
  for (const [name, rows] of images) {
    const collection = collectionsOf(db).find((c) => c.name === name);
    if (!collection) continue;
    // The rows change behind Mirage's back: caches of sorted lists must rebuild.
    markChanged(db, name);
    for (const [id, previous] of rows) {
      const current = collection._findRecord(id);
      if (previous === null) {
        if (current) collection._records.splice(collection._records.indexOf(current), 1);
      } else if (current) {
        collection._records[collection._records.indexOf(current)] = copy(previous);
      } else {
        collection._records.push(copy(previous));
      }
    }
  }
}

/** Calls `note` with each row's before-image as insert, update and remove of this collection touch it. */
export function noteWrites(collection: RawCollection, note: (name: string, id: string, previous: Row | null) => void): () => void {
  const { insert, update, remove } = collection;
  collection.insert = function (data: unknown) {
    const result = insert.call(collection, data);
    for (const row of (Array.isArray(result) ? result : [result]) as Row[]) note(collection.name, String(row.id), null);
    return result;
  };
  collection.update = function (target: unknown, attrs?: unknown) {
    for (const row of targeted(collection, target, attrs === undefined)) note(collection.name, String(row.id), row);
    return attrs === undefined ? update.call(collection, target) : update.call(collection, target, attrs);
  };
  collection.remove = function (target?: unknown) {
    for (const row of targeted(collection, target, target === undefined)) note(collection.name, String(row.id), row);
    remove.call(collection, target);
  };
  return () => Object.assign(collection, { insert, update, remove });
}

/**
 * Records which rows change, by wrapping the insert/update/remove of every Mirage db collection (also
 * the ones created later). The cost of a write is the rows it touched, never the size of the database.
 */
export function trackChanges(db: MirageDb): ChangeTracker {
  const raw = rawDb(db);
  let before: BeforeImages = new Map();
  let quiet = 0;
  let active = true;
  const restorers: (() => void)[] = [];

  const note = (name: string, id: string, previous: Row | null) => {
    if (!active || quiet > 0) return;
    let rows = before.get(name);
    if (!rows) before.set(name, (rows = new Map()));
    // The first before-image of a batch is the one an undo goes back to.
    if (!rows.has(id)) rows.set(id, previous === null ? null : copy(previous));
  };

  const wrap = (collection: RawCollection) => restorers.push(noteWrites(collection, note));

  const tracked = new WeakSet<RawCollection>();
  const track = (collection: RawCollection) => {
    if (tracked.has(collection)) return;
    tracked.add(collection);
    wrap(collection);
  };
  collectionsOf(db).forEach(track);
  const { createCollection } = raw;
  raw.createCollection = function (name: string, initialData?: unknown[]) {
    const result = createCollection.call(raw, name, initialData);
    const created = collectionsOf(db).find((c) => c.name === name);
    if (created) track(created);
    return result;
  };

  const collectionOf = (name: string) => collectionsOf(db).find((c) => c.name === name);

  return {
    get isEmpty() {
      return before.size === 0;
    },
    take() {
      const images = before;
      before = new Map();
      const batch: ChangeBatch = [];
      for (const [name, rows] of images) {
        const collection = collectionOf(name);
        const put: Row[] = [];
        const deleted: string[] = [];
        for (const id of rows.keys()) {
          const current = collection?._findRecord(id);
          if (current) put.push(copy(current));
          else deleted.push(id);
        }
        batch.push({ collection: name, put, deleted });
      }
      return {
        batch,
        undo() {
          quiet += 1;
          try {
            restoreRows(db, images);
          } finally {
            quiet -= 1;
          }
        },
      };
    },
    silently(fn) {
      quiet += 1;
      try {
        return fn();
      } finally {
        quiet -= 1;
      }
    },
    pause() {
      quiet += 1;
      let resumed = false;
      return () => {
        if (resumed) return;
        resumed = true;
        quiet -= 1;
      };
    },
    markDeleted(collection, id) {
      note(collection, id, null);
    },
    stop() {
      active = false;
      restorers.forEach((restore) => restore());
      raw.createCollection = createCollection;
    },
  };
}
