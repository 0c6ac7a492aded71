import type { Server } from 'miragejs';

/** A record as Mirage stores it: every row has a string or number id. */
export interface Row {
  id: string | number;
}

/** Typed access to one Mirage db collection; Mirage's own typings are untyped. */
export interface Table<T extends Row> {
  all(): T[];
  find(id: string | number): T | undefined;
  where(predicate: Partial<T> | ((row: T) => boolean)): T[];
  insert(row: Omit<T, 'id'> & Partial<Pick<T, 'id'>>): T;
  insertMany(rows: (Omit<T, 'id'> & Partial<Pick<T, 'id'>>)[]): T[];
  update(id: string | number, patch: Partial<T>): T;
  remove(id: string | number): void;
  count(): number;
}

interface RawCollection {
  all(): unknown[];
  find(id: string | number): unknown;
  where(query: object | ((row: unknown) => boolean)): unknown[];
  insert(data: unknown): unknown;
  update(target: object | string | number, attrs?: object): unknown;
  remove(target?: object | string | number): void;
}

export type MirageDb = Server['db'];

export function table<T extends Row>(db: MirageDb, name: string): Table<T> {
  if (!(name in db)) db.createCollection(name);
  // The real DbCollection: `db[name]` is a getter that copies every record and lacks all().
  const collections = (db as unknown as { _collections: (RawCollection & { name: string })[] })._collections;
  const raw = collections.find((c) => c.name === name) as RawCollection;
  return {
    all: () => raw.all() as T[],
    find: (id) => (raw.find(id) as T | null) ?? undefined,
    where: (predicate) =>
      raw.where(typeof predicate === 'function' ? (row: unknown) => predicate(row as T) : predicate) as T[],
    insert: (row) => raw.insert(row) as T,
    insertMany: (rows) => raw.insert(rows) as T[],
    update: (id, patch) => raw.update(id, patch) as T,
    remove: (id) => raw.remove(id),
    count: () => raw.all().length,
  };
}

/** The whole database as plain JSON, for persistence. */
export type DbDump = Record<string, Row[]>;

export function dumpDb(db: MirageDb): DbDump {
  return (db as unknown as { dump(): DbDump }).dump();
}
