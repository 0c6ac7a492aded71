import * as mirage from 'miragejs';
import type { Server } from 'miragejs';

/**
 * The only file that reaches into Mirage's private parts; tests/mirage/mirage-internals.test.ts fails
 * when a Mirage release changes their shape. Why each reach is needed:
 * - `db._collections`: the real DbCollections. `db[name]` is a getter that copies every record, and the
 *   public API has no way to read rows without copying them (10,000 units, 100,000 screenshots), to update
 *   many rows in one pass, or to adopt stored rows without copying them.
 * - `server.interceptor`: Pretender reads each answer's delay from it, not from `server.timing`.
 * - `PretenderInterceptor._create`: the Node transport (node-transport.ts) gives Mirage its own router
 *   instead of Pretender, which needs a browser's XMLHttpRequest (Mirage exports the class, untyped).
 * - `_Db`: a db without a server (exported, untyped): the Node server generates the demo seed in one, with no
 *   routes or interceptor (server.ts generateSeed).
 */

// db.ts's MirageDb and Row, spelled out here: db.ts imports this file, so this file imports nothing of ours.
type MirageDb = Server['db'];
interface Row {
  id: string | number;
}

/** Mirage's DbCollection, the parts its typings leave out. */
export interface MirageCollection {
  name: string;
  _records: Row[];
  identityManager: { set(id: string | number): void; fetch(data?: unknown): string };
  all(): unknown[];
  find(id: string | number): unknown;
  where(query: object | ((row: unknown) => boolean)): unknown[];
  insert(data: unknown): unknown;
  update(target: unknown, attrs?: unknown): unknown;
  remove(target?: unknown): void;
  _findRecord(id: string | number): Row | undefined;
  _findRecords(ids: (string | number)[]): (Row | undefined)[];
  _findRecordsWhere(query: object | ((row: Row) => boolean)): Row[];
}

interface RawDb {
  _collections: MirageCollection[];
  createCollection(name: string, initialData?: unknown[]): unknown;
}

/** The db as Mirage holds it: its collections and its (replaceable) createCollection. */
export function rawDb(db: MirageDb): RawDb {
  return db as unknown as RawDb;
}

/** Every collection of the db (the live list: collections created later appear in it). */
export function collectionsOf(db: MirageDb): MirageCollection[] {
  return rawDb(db)._collections;
}

/** One collection by name, or undefined when the db has none of that name. */
export function collectionOf(db: MirageDb, name: string): MirageCollection | undefined {
  return collectionsOf(db).find((c) => c.name === name);
}

/** The object Pretender asks for each answer's delay (`timing`); without one the delay is never read (the test fails). */
export function requestTimingHost(server: Server): object {
  return (server as unknown as { interceptor?: object }).interceptor ?? server;
}

/** Mirage's interceptor class, which the Node transport extends to route without Pretender. */
export interface InterceptorClass {
  new (): { _create(): object; trackRequests?: boolean };
}
export function pretenderInterceptorClass(): InterceptorClass {
  const found = (mirage as unknown as { PretenderInterceptor?: InterceptorClass }).PretenderInterceptor;
  if (typeof found !== 'function') throw new Error('miragejs no longer exports PretenderInterceptor');
  return found;
}

/** A Mirage db of its own, as a server makes it (`identityManagers` as createServer's option), but no server. */
export function newDb(identityManagers: object): MirageDb {
  const Db = (mirage as unknown as { _Db?: new (initialData: undefined, identityManagers: object) => MirageDb })._Db;
  if (typeof Db !== 'function') throw new Error('miragejs no longer exports _Db');
  return new Db(undefined, identityManagers);
}
