import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../core/list-query';
import type { OrganizationScope } from '../../core/service-unit-list';
import { table, type MirageDb, type Row } from '../../mirage/db';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer, type Server } from '../../mirage/server';
import { createPgStore } from '../db/store';
import type { Queryable, Sql } from '../db/sql';
import { sqlTargets } from './database';

/**
 * The one shape of a list-table parity suite (server/db/*-list.test.ts): the list as SQL returns exactly
 * what the embedded backend returns from memory (the same ids in the same order, the same total) for every
 * case, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL; it follows writes through the row
 * store; and a start fills the table from the stored rows when its version is missing.
 */

export interface ListCase {
  query: ListQuery;
  scope: OrganizationScope;
}

/** A page of a case: its rows (as stored) and the total. */
export type ListAnswer = (listCase: ListCase) => Promise<{ rows: readonly Row[]; total: number }>;

/** What holds a list's keys: an entity's own table (the units'), whose keys a start computes again when `meta` holds no version for them. */
export interface KeyedTable {
  collection: string;
  metaKey: string;
  /** Loses the keys, as a database stored before them. */
  forget(sql: Sql): Promise<void>;
  ensure(tx: Queryable): Promise<boolean>;
}

export interface ListParitySpec<R extends Row> {
  /** For the suite's name ("units"). */
  what: string;
  table: KeyedTable;
  records: readonly R[];
  /** Records of other collections the list reads (the organizations' users and units), stored alike in both. */
  related?: Readonly<Record<string, readonly Row[]>>;
  cases: readonly ListCase[];
  memory(db: MirageDb): ListAnswer;
  sql(sql: Sql): ListAnswer;
  /** More answers both must give alike (e.g. the units' tags). */
  alsoAlike?(db: MirageDb, sql: Sql): Promise<void>;
  /** A change of the second record, a case that finds exactly it, and a case whose page must hold it. */
  change: { apply(record: R): R; finds: ListCase; includes: ListCase };
}

/** A list query with the defaults of a case. */
export const listQuery =
  (defaults: Pick<ListQuery, 'sort'>) =>
  (overrides: Partial<ListQuery>): ListQuery => ({
    page: 1,
    pageSize: 100,
    order: 'asc',
    search: '',
    filters: {},
    ...defaults,
    ...overrides,
  });

async function compareAll<R extends Row>(spec: ListParitySpec<R>, db: MirageDb, sql: Sql): Promise<number> {
  const memory = spec.memory(db);
  const stored = spec.sql(sql);
  for (const listCase of spec.cases) {
    const [expected, actual] = await Promise.all([memory(listCase), stored(listCase)]);
    const label = JSON.stringify(listCase);
    expect(actual.total, label).toBe(expected.total);
    expect(
      actual.rows.map((row) => String(row.id)),
      label,
    ).toEqual(expected.rows.map((row) => String(row.id)));
  }
  await spec.alsoAlike?.(db, sql);
  return spec.cases.length;
}

export function describeListParity<R extends Row>(spec: ListParitySpec<R>): void {
  const keyed = spec.table;
  const { collection } = keyed;
  let mirage: Server;

  beforeAll(async () => {
    mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    const rows = table<R>(mirage.db, collection);
    for (const record of spec.records) rows.insert(record);
    for (const [name, related] of Object.entries(spec.related ?? {})) for (const record of related) table(mirage.db, name).insert(record);
  });
  afterAll(() => mirage.shutdown());

  describe.each(sqlTargets())(`the ${spec.what} list as SQL on $name`, ({ openMigrated }) => {
    let sql: Sql;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ sql, drop } = await openMigrated());
      const store = createPgStore(sql);
      const related = Object.entries(spec.related ?? {}).map(([name, records]) => ({ collection: name, put: [...records], deleted: [] }));
      await store.writing((tx) => store.writeBatch(tx, [{ collection, put: [...spec.records], deleted: [] }, ...related]));
    }, 60_000);
    afterAll(() => drop());

    it('answers every query with the ids, order and total of the in-memory list', async () => {
      expect(await compareAll(spec, mirage.db, sql)).toBeGreaterThan(50);
    }, 60_000);

    it('follows deletes and changes written through the store', async () => {
      const store = createPgStore(sql);
      const [first, second] = spec.records as [R, R];
      const changed = spec.change.apply(second);
      await store.writing((tx) => store.writeBatch(tx, [{ collection, put: [changed], deleted: [String(first.id)] }]));
      try {
        const list = spec.sql(sql);
        const found = await list(spec.change.finds);
        const included = await list(spec.change.includes);
        const everything = await list({
          query: listQuery({ sort: spec.change.finds.query.sort })({ pageSize: spec.records.length }),
          scope: 'all',
        });

        expect(found.rows.map((row) => row.id)).toEqual([changed.id]);
        expect(found.rows[0]).toEqual(changed);
        expect(included.rows.map((row) => row.id)).toContain(changed.id);
        expect(everything.total).toBe(spec.records.length - 1);
        expect(everything.rows.map((row) => row.id)).not.toContain(first.id);
      } finally {
        await store.writing((tx) => store.writeBatch(tx, [{ collection, put: [first, second], deleted: [] }]));
      }
    });

    it('makes its keys again from the stored records when their version is missing (a database stored before them)', async () => {
      await keyed.forget(sql);
      await sql.query('DELETE FROM meta WHERE key = $1', [keyed.metaKey]);
      const store = createPgStore(sql);

      expect(await store.writing((tx) => keyed.ensure(tx))).toBe(true);
      expect(await store.writing((tx) => keyed.ensure(tx))).toBe(false);
      expect(await compareAll(spec, mirage.db, sql)).toBeGreaterThan(50);
    }, 60_000);
  });
}
