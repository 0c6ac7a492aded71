import type { Server } from 'miragejs';
import { afterAll, beforeAll } from 'vitest';
import { table, type Row } from '../../mirage/db';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer } from '../../mirage/server';
import { migrate } from '../db/migrate';
import { createPgRowStore } from '../db/row-store';
import type { Sql } from '../db/sql';
import { inUnitOfWork, type WriteBatch } from '../db/unit-of-work';
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
  /** The row store's writeBatch, for the SQL repositories. */
  readonly writeBatch: WriteBatch;
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
  const store = () => createPgRowStore(ready(sql));

  beforeAll(async () => {
    mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    for (const [collection, rows] of Object.entries(records)) for (const row of rows) table(mirage.db, collection).insert(row);
    ({ sql, drop } = await target.open());
    await migrate(sql);
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
    get writeBatch() {
      return store().writeBatch;
    },
    write: (fn) => store().writing(async (tx) => (await inUnitOfWork(tx, fn, store().writeBatch)).value),
  };
}
