import { afterAll, beforeAll } from 'vitest';
import { table, type Row } from '../../mirage/db';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer, type Server } from '../../mirage/server';
import { createPgStore } from '../db/store';
import type { Sql } from '../db/sql';
import { inUnitOfWork } from '../db/unit-of-work';
import type { SqlTarget } from './database';

/**
 * The one set-up of a repository parity suite (server/db/processes.test.ts, rules.test.ts, …): the same
 * records in an embedded backend's memory and in a migrated database of the target, and a way to run a
 * repository's writes as the server does (a unit of work of a transaction under the write lock).
 */
export interface RepositoryParity {
  /** The embedded backend whose memory holds the records (its db for the memory repositories). */
  readonly mirage: Server;
  readonly sql: Sql;
  /** Runs fn as one unit of work under the write lock, committed before it resolves. */
  write<T>(fn: () => Promise<T>): Promise<T>;
}

/** Registers the suite's beforeAll/afterAll; the fields are there inside its tests. */
export function repositoryParity(target: SqlTarget, records: Readonly<Record<string, readonly Row[]>>): RepositoryParity {
  let mirage: Server | undefined;
  let sql: Sql | undefined;
  let drop = async () => {};
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('Used outside the suite’s tests');
    return value;
  };
  const store = () => createPgStore(ready(sql));

  beforeAll(async () => {
    mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    for (const [collection, rows] of Object.entries(records)) for (const row of rows) table(mirage.db, collection).insert(row);
    ({ sql, drop } = await target.openMigrated());
    const batch = Object.entries(records).map(([collection, rows]) => ({ collection, put: [...rows], deleted: [] }));
    await store().writing((tx) => store().writeBatch(tx, batch));
  }, 60_000);
  afterAll(async () => {
    mirage?.shutdown();
    await drop();
  });

  return {
    get mirage() {
      return ready(mirage);
    },
    get sql() {
      return ready(sql);
    },
    write: (fn) => store().writing(async (tx) => (await inUnitOfWork(tx, fn, store().writeBatch)).value),
  };
}

/** A repository made on first use (the suite's records are there only once its beforeAll ran). */
function madeOnFirstUse<R extends object>(make: () => R): R {
  let made: R | undefined;
  return new Proxy({} as R, {
    get(_target, key) {
      made ??= make();
      const value: unknown = Reflect.get(made, key);
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}

/** The suite's two repositories of one collection: the embedded backend's (memory) and the server's (SQL). */
export function repositoryPair<R extends object>(
  suite: RepositoryParity,
  inMemory: (db: Server['db']) => R,
  inSql: (sql: Sql) => R,
): { memory: R; stored: R } {
  return {
    memory: madeOnFirstUse(() => inMemory(suite.mirage.db)),
    stored: madeOnFirstUse(() => inSql(suite.sql)),
  };
}
