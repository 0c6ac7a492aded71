import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, splitStatements } from './db/migrate';
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
