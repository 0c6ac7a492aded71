import type { Server } from 'miragejs';
import { collectionOf, collectionsOf, rawDb, type MirageCollection } from './mirage-internals';

/** A record as Mirage stores it: every row has a string or number id. */
export interface Row {
  id: string | number;
}

/** Typed access to one Mirage db collection; Mirage's own typings are untyped. */
export interface Table<T extends Row> {
  /** Copies of every row (Mirage copies each one, slow on a large table; prefer rows() for reads). */
  all(): T[];
  /**
   * The stored rows themselves, not copied: for reads only (the types forbid changing them or the array;
   * a change must go through update() so it is recorded and stored). Large lists read this.
   */
  rows(): readonly Readonly<T>[];
  find(id: string | number): T | undefined;
  where(predicate: Partial<T> | ((row: T) => boolean)): T[];
  insert(row: Omit<T, 'id'> & Partial<Pick<T, 'id'>>): T;
  insertMany(rows: (Omit<T, 'id'> & Partial<Pick<T, 'id'>>)[]): T[];
  update(id: string | number, patch: Partial<T>): T;
  remove(id: string | number): void;
  count(): number;
}

export type MirageDb = Server['db'];

export function table<T extends Row>(db: MirageDb, name: string): Table<T> {
  if (!(name in db)) db.createCollection(name);
  // The real DbCollection: `db[name]` is a getter that copies every record and lacks all().
  const raw = collectionOf(db, name) as MirageCollection;
  return {
    all: () => raw.all() as T[],
    rows: () => raw._records as readonly unknown[] as readonly Readonly<T>[],
    find: (id) => (raw.find(id) as T | null) ?? undefined,
    where: (predicate) => raw.where(typeof predicate === 'function' ? (row: unknown) => predicate(row as T) : predicate) as T[],
    insert: (row) => raw.insert(row) as T,
    insertMany: (rows) => raw.insert(rows) as T[],
    update: (id, patch) => raw.update(id, patch) as T,
    remove: (id) => raw.remove(id),
    count: () => raw._records.length,
  };
}

/**
 * A seed's insert: the rows become the collection's records as they are, with the ids Mirage's insert would
 * give them, without its two copies of each (seconds of copying at the large seed). Only for rows nobody else
 * holds (the seed made them for this), and only where no change is recorded (seeding: the change log is not
 * attached, or quiet). Returns the same rows, now with their ids.
 */
export function insertSeedRows<T extends Row>(db: MirageDb, name: string, rows: readonly Omit<T, 'id'>[]): T[] {
  if (!(name in db)) db.createCollection(name);
  const collection = collectionOf(db, name) as MirageCollection;
  const records = collection._records;
  for (const row of rows as unknown as Row[]) {
    if (row.id === undefined || row.id === null) row.id = collection.identityManager.fetch(row);
    else {
      row.id = String(row.id);
      collection.identityManager.set(row.id);
    }
    records.push(row);
  }
  // Behind Mirage's back: caches and the id index rebuild.
  markChanged(db, name);
  return rows as unknown as T[];
}

/** The whole database as plain JSON, for persistence. */
export type DbDump = Record<string, Row[]>;

export function dumpDb(db: MirageDb): DbDump {
  return (db as unknown as { dump(): DbDump }).dump();
}

/**
 * Every collection's stored rows themselves, not copied (Mirage's dump copies each of them: seconds at the
 * large seed). Only for a reader that is done before the next request changes a row.
 */
export function liveRows(db: MirageDb): DbDump {
  return Object.fromEntries(collectionsOf(db).map((c) => [c.name, c._records]));
}

// --- change counters -----------------------------------------------------------------------------

/**
 * Fields no cached list order depends on: an update of only these does not move a collection's change
 * counter (a sorted order, an index stays valid). Every change is still recorded and stored
 * (mirage/store/change-log.ts): agents' heartbeats move `lastSeenAt` a few times a second, and each is a
 * real write, but must not make the units list collate every name again.
 */
export const UNSORTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  serviceUnits: ['lastSeenAt', 'agent', 'announcedStatus'],
};

export const onlyUnsorted = (collection: string, attrs: unknown): boolean => {
  const fields = UNSORTED_FIELDS[collection];
  if (!fields || typeof attrs !== 'object' || attrs === null) return false;
  const keys = Object.keys(attrs);
  return keys.length > 0 && keys.every((key) => fields.includes(key));
};

type CountedCollection = MirageCollection;
const changeCounts = new WeakMap<object, number>();
const countedDbs = new WeakSet<object>();

function countChanges(collection: CountedCollection): void {
  if (changeCounts.has(collection)) return;
  changeCounts.set(collection, 0);
  const { insert, update, remove } = collection;
  const bump = () => changeCounts.set(collection, (changeCounts.get(collection) ?? 0) + 1);
  collection.insert = function (...args: [unknown]) {
    bump();
    return insert.apply(collection, args);
  };
  collection.update = function (...args: [unknown, unknown?]) {
    if (!onlyUnsorted(collection.name, args.length > 1 ? args[1] : args[0])) bump();
    return update.apply(collection, args);
  };
  collection.remove = function (...args: [unknown?]) {
    bump();
    return remove.apply(collection, args);
  };
}

const rawCollections = collectionsOf;

/**
 * Counts every insert, update and remove of each collection (also the ones created later), so caches of
 * derived data (a sorted order, an index) know when to rebuild. makeServer calls it before seeding, under
 * the change tracker's own wrappers.
 */
export function countCollectionChanges(db: MirageDb): void {
  const raw = rawDb(db);
  rawCollections(db).forEach(countChanges);
  if (countedDbs.has(raw)) return;
  countedDbs.add(raw);
  const { createCollection } = raw;
  raw.createCollection = function (name: string, initialData?: unknown[]) {
    const result = createCollection.call(raw, name, initialData);
    const created = rawCollections(db).find((c) => c.name === name);
    if (created) countChanges(created);
    return result;
  };
}

/**
 * How many changes a collection has had (see countCollectionChanges); equal numbers mean the same rows,
 * apart from UNSORTED_FIELDS (a cache must not depend on those).
 */
export function changeCountOf(db: MirageDb, name: string): number {
  if (!(name in db)) db.createCollection(name);
  const collection = rawCollections(db).find((c) => c.name === name);
  if (!collection) return 0;
  countChanges(collection);
  return changeCounts.get(collection) ?? 0;
}

/** Records a change made to a collection's rows directly (not through insert/update/remove). */
export function markChanged(db: MirageDb, name: string): void {
  const collection = rawCollections(db).find((c) => c.name === name);
  if (collection) changeCounts.set(collection, (changeCounts.get(collection) ?? 0) + 1);
}
