import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent } from '../core/events';
import { createSqlEvents } from './db/events';
import { migrate, splitStatements } from './db/migrate';
import { createPgRowStore } from './db/row-store';
import { inUnitOfWork } from './db/unit-of-work';
import type { Queryable } from './db/sql';
import { BACKEND_NAME, emptyDatabaseForEachTest } from './test-support/database';

/* The migrations of server/migrations, from an empty database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */

/** Every migration file, in the order they apply. */
const ALL = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort();
/** The tables the row store and the units list rely on (later migrations may add more). */
const TABLES = ['meta', 'rows', 'schema_migrations', 'unit_list'];

const tablesOf = async (sql: Queryable) =>
  (
    await sql.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).rows.map((row) => row.name);

const appliedIn = async (sql: Queryable) =>
  (await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);

describe(`migrate on ${BACKEND_NAME}`, () => {
  // Every test starts from an empty database.
  const emptyDatabase = emptyDatabaseForEachTest();

  it('applies every migration to an empty database, and records them', async () => {
    const database = emptyDatabase();
    expect(await tablesOf(database.sql)).toEqual([]);

    expect(await migrate(database.sql)).toEqual(ALL);

    expect(await tablesOf(database.sql)).toEqual(expect.arrayContaining(TABLES));
    expect(await appliedIn(database.sql)).toEqual(ALL);
    // The schema the row store relies on: a change number from the sequence, a row per (collection, id).
    await database.sql.query(
      "INSERT INTO rows (collection, id, data, seq) VALUES ('units', '1', '{\"organizationId\":\"7\"}', nextval('row_change_seq'))",
    );
    const { rows } = await database.sql.query<{ seq: number | string; organization_id: string }>('SELECT seq, organization_id FROM rows');
    expect(rows.map((row) => ({ seq: Number(row.seq), organization_id: row.organization_id }))).toEqual([{ seq: 1, organization_id: '7' }]);
  });

  it('applies nothing on a second run and keeps the data', async () => {
    const database = emptyDatabase();
    await migrate(database.sql);
    await database.sql.query(`INSERT INTO meta (key, value) VALUES ('kept', '{"yes":true}')`);

    expect(await migrate(database.sql)).toEqual([]);

    expect(await appliedIn(database.sql)).toEqual(ALL);
    expect((await database.sql.query<{ value: unknown }>("SELECT value FROM meta WHERE key = 'kept'")).rows).toEqual([
      { value: { yes: true } },
    ]);
  });

  it('applies each migration once when two instances migrate at the same time', async () => {
    const database = emptyDatabase();
    // PostgreSQL: two pools, as two servers starting at once. PGlite: two calls on the one instance.
    const [first, second] = [database.sql, await database.connect()];

    const results = await Promise.all([migrate(first), migrate(second)]);

    expect(results.flat()).toEqual(ALL);
    expect(await appliedIn(database.sql)).toEqual(ALL);
    expect(await tablesOf(second)).toEqual(expect.arrayContaining(TABLES));
  });

  it('applies a later migration on top, and rolls back a failing one completely', async () => {
    const database = emptyDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'sua-migrations-'));
    try {
      await writeFile(join(dir, '001_first.sql'), 'CREATE TABLE first (id int PRIMARY KEY);\n');
      expect(await migrate(database.sql, `${dir}/`)).toEqual(['001_first.sql']);

      await writeFile(join(dir, '002_broken.sql'), 'CREATE TABLE second (id int);\nSELECT no_such_function();\n');
      await expect(migrate(database.sql, `${dir}/`)).rejects.toThrow(/no_such_function/);
      expect(await tablesOf(database.sql)).toEqual(['first', 'schema_migrations']);
      expect(await appliedIn(database.sql)).toEqual(['001_first.sql']);

      await writeFile(join(dir, '002_broken.sql'), '-- fixed\nCREATE TABLE second (id int);\n');
      expect(await migrate(database.sql, `${dir}/`)).toEqual(['002_broken.sql']);
      expect(await tablesOf(database.sql)).toEqual(['first', 'schema_migrations', 'second']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe(`the live events' move to their outbox on ${BACKEND_NAME}`, () => {
  const emptyDatabase = emptyDatabaseForEachTest();

  it('carries the events a database of the row log holds over with their numbers, and numbers new ones past every one given', async () => {
    const database = emptyDatabase();
    // A database as the server stored it before the outbox: the migrations up to it, events as rows of the log.
    const dir = await mkdtemp(join(tmpdir(), 'sua-migrations-'));
    try {
      const before = ALL.filter((name) => name < '023');
      for (const name of before) await writeFile(join(dir, name), await readFile(new URL(`./migrations/${name}`, import.meta.url)));
      expect(await migrate(database.sql, `${dir}/`)).toEqual(before);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const event = (id: string, subjectId: string) => ({
      id,
      type: 'unit.changed',
      at: '2026-12-01T12:00:00.000Z',
      organizationId: '1',
      subjectId,
      unitId: subjectId,
      data: {},
    });
    for (const [id, deleted] of [
      ['2', false],
      ['10', false],
      ['1', false],
      ['11', true],
    ] as const) {
      await database.sql.query(
        `INSERT INTO rows (collection, id, data, deleted, seq) VALUES ('events', $1, $2::jsonb, $3, nextval('row_change_seq'))`,
        [id, deleted ? null : JSON.stringify(event(id, `unit-${id}`)), deleted],
      );
    }

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '023'));

    const events = createSqlEvents(database.sql);
    try {
      expect(await events.newestId()).toBe(10);
      expect((await events.after(0, 10)).map((e) => [e.id, e.subjectId])).toEqual([
        ['1', 'unit-1'],
        ['2', 'unit-2'],
        ['10', 'unit-10'],
      ]);
      const store = createPgRowStore(database.sql);
      const { id: _none, ...fresh } = event('', 'unit-new');
      await store.writing((tx) => inUnitOfWork(tx, async () => events.append(fresh as NewEvent), store.writeBatch));
      // Past 11, whose event was pruned before the move (once no earlier transaction runs: other tests' too).
      await vi.waitFor(async () => expect((await events.after(10, 10)).map((e) => [e.id, e.subjectId])).toEqual([['12', 'unit-new']]));
      const { rows } = await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM rows WHERE collection = 'events'");
      expect(rows[0]?.n).toBe(0);
    } finally {
      events.stop();
    }
  });
});

describe('splitStatements', () => {
  it('splits at semicolons that end a line and drops comment lines', () => {
    const text = [
      '-- A comment; with a semicolon;',
      'CREATE TABLE a (',
      "  note text DEFAULT 'x;y'",
      ');',
      '',
      'CREATE INDEX a_note ON a (note);   ',
      '  -- trailing comment',
    ].join('\n');
    expect(splitStatements(text)).toEqual(["CREATE TABLE a (\n  note text DEFAULT 'x;y'\n)", 'CREATE INDEX a_note ON a (note)']);
  });
});
