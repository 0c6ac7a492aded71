import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent } from '../core/events';
import { createSqlEvents } from './db/events';
import { migrate, splitStatements } from './db/migrate';
import { createPgStore, type PgStore } from './db/store';
import type { Row } from '../mirage/db';
import { createSqlUnits, ensureUnitKeys } from './db/units';
import { createSqlUnitList } from './db/unit-list';
import type { ServiceUnitRow } from '../mirage/unit-store';
import unitsBefore024 from './test-support/fixtures/units-before-024.json';
import organizationsBefore025 from './test-support/fixtures/organizations-before-025.json';
import { createSqlOrganizations, ensureOrganizationKeys } from './db/organizations';
import { createSqlOrganizationList } from './db/organization-list';
import type { StoredOrg } from '../mirage/organization-store';
import usersBefore026 from './test-support/fixtures/users-before-026.json';
import { createSqlUsers, ensureUserKeys } from './db/users';
import { createSqlUserList } from './db/user-list';
import type { AdminUserRow } from '../mirage/user-store';
import sessionsBefore027 from './test-support/fixtures/sessions-before-027.json';
import { createSqlSessions } from './db/sessions';
import type { SessionRecord } from '../core/sessions';
import attemptsBefore028 from './test-support/fixtures/sign-in-attempts-before-028.json';
import { createSqlSignInAttempts } from './db/sign-in-attempts';
import type { SignInAttemptRecord } from '../core/sign-in-attempts';
import keysBefore029 from './test-support/fixtures/idempotency-keys-before-029.json';
import { createSqlIdempotencyKeys } from './db/idempotency-keys';
import type { IdempotencyRecord } from '../core/idempotency';
import rulesBefore030 from './test-support/fixtures/rules-before-030.json';
import { createSqlUrlRules, ensureUrlRuleKeys } from './db/url-rules';
import { createSqlProcessRules } from './db/process-rules';
import { duplicateKey, type UrlRuleRecord } from '../core/url-rules';
import type { ProcessRuleRecord } from '../core/process-rule-repository';
import processesBefore032 from './test-support/fixtures/processes-before-032.json';
import { createSqlProcesses } from './db/processes';
import type { ProcessRecord } from '../core/processes';
import { ruleOwners } from './test-support/fixtures/rule-owners';
import auditLogBefore033 from './test-support/fixtures/audit-log-before-033.json';
import { createSqlAuditLog, ensureAuditKeys } from './db/audit-list';
import type { AuditRow } from '../mirage/domains/audit';
import screenshotsBefore035 from './test-support/fixtures/screenshots-before-035.json';
import { createSqlScreenshots, ensureScreenshotKeys } from './db/screenshots';
import type { ScreenshotRecord } from '../core/screenshots';
import tasksBefore036 from './test-support/fixtures/tasks-before-036.json';
import { createSqlTasks } from './db/todo-tasks';
import type { TaskRecord } from '../core/todo-tasks';
import emailsBefore034 from './test-support/fixtures/emails-before-034.json';
import { createSqlEmails } from './db/emails';
import { lastEmailId, type EmailRecord } from '../core/mailbox';
import commandsBefore037 from './test-support/fixtures/commands-before-037.json';
import { createSqlCommands } from './db/commands';
import { compareIssued, type CommandRecord } from '../core/commands';
import captureRequestsBefore038 from './test-support/fixtures/capture-requests-before-038.json';
import { createSqlCaptureRequests } from './db/capture-requests';
import type { CaptureRequestRecord } from '../core/capture-requests';
import enrolmentsBefore039 from './test-support/fixtures/agent-enrolments-before-039.json';
import { createSqlEnrolments } from './db/agent-enrolments';
import { createSqlAgentSecrets } from './db/agent-secrets';
import type { EnrolmentRecord } from '../core/agent-enrolments';
import { inUnitOfWork } from './db/unit-of-work';
import type { Queryable } from './db/sql';
import { BACKEND_NAME, emptyDatabaseForEachTest } from './test-support/database';

/* The migrations of server/migrations, from an empty database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */

/** Every migration file, in the order they apply. */
const ALL = readdirSync(new URL('./migrations/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort();
/** Some tables the server relies on (later migrations may add more). */
const TABLES = ['live_events', 'meta', 'schema_migrations', 'service_units', 'unit_agents'];

const tablesOf = async (sql: Queryable) =>
  (
    await sql.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).rows.map((row) => row.name);

const sequencesOf = async (sql: Queryable) =>
  (
    await sql.query<{ name: string }>(
      "SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY sequence_name",
    )
  ).rows.map((row) => row.name);

const appliedIn = async (sql: Queryable) =>
  (await sql.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name);

// Every test starts from an empty database (one for the file, emptied before each test).
const emptyDatabase = emptyDatabaseForEachTest();

describe(`migrate on ${BACKEND_NAME}`, () => {
  it('applies every migration to an empty database, and records them', async () => {
    const database = emptyDatabase();
    expect(await tablesOf(database.sql)).toEqual([]);

    expect(await migrate(database.sql)).toEqual(ALL);

    expect(await tablesOf(database.sql)).toEqual(expect.arrayContaining(TABLES));
    expect(await appliedIn(database.sql)).toEqual(ALL);
    // Every collection has a table of its own: the JSON row log and its change numbers are gone.
    expect(await tablesOf(database.sql)).not.toContain('rows');
    expect(await sequencesOf(database.sql)).not.toContain('row_change_seq');
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

/** Stores records in the JSON row log as the server did before their own tables (data null: a deleted record's tombstone). */
async function intoRowLog(sql: Queryable, collection: string, records: readonly { id: string; data: unknown }[]): Promise<void> {
  for (const { id, data } of records) {
    await sql.query(`INSERT INTO rows (collection, id, data, deleted, seq) VALUES ($1, $2, $3::jsonb, $4, nextval('row_change_seq'))`, [
      collection,
      id,
      data === null ? null : JSON.stringify(data),
      data === null,
    ]);
  }
}

/** A list table's rows as the server kept them before the move, and the version of their keys (in meta) when given. */
async function intoListTable(sql: Queryable, table: string, rows: unknown, meta?: { key: string; value: unknown }): Promise<void> {
  await sql.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [JSON.stringify(rows)]);
  if (meta) await sql.query('INSERT INTO meta (key, value) VALUES ($1, $2::jsonb)', [meta.key, JSON.stringify(meta.value)]);
}

/** The ids a query answers, in its order. */
const idsOf = async (sql: Queryable, query: string): Promise<string[]> =>
  (await sql.query<{ id: string }>(query)).rows.map((row) => row.id);

/** Runs fn as a unit of work of its own on `store`, committed before it answers fn's value. */
const unitOfWork =
  (store: PgStore) =>
  <T>(fn: () => Promise<T>): Promise<T> =>
    store.writing(async (tx) => (await inUnitOfWork(tx, fn, store.writeBatch)).value);

/** Stores these collections' records in one transaction (the records others' foreign keys name). */
async function storeAll(store: PgStore, collections: Record<string, Row[]>): Promise<void> {
  await store.writing((tx) =>
    store.writeBatch(
      tx,
      Object.entries(collections).map(([collection, put]) => ({ collection, put, deleted: [] })),
    ),
  );
}

/** Migrates `sql` as far as the migrations before `first`, as the server stored databases then. */
async function migrateBefore(sql: Parameters<typeof migrate>[0], first: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sua-migrations-'));
  try {
    const before = ALL.filter((name) => name < first);
    for (const name of before) await writeFile(join(dir, name), await readFile(new URL(`./migrations/${name}`, import.meta.url)));
    return await migrate(sql, `${dir}/`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe(`the service units' move to their own tables on ${BACKEND_NAME}`, () => {
  const stored = unitsBefore024.rows as { id: string; data: ServiceUnitRow }[];

  it('carries over the units and agents a database of the row log holds, field for field, and keeps their list order', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '024');
    // The units as today's main stored them (server/test-support/fixtures/units-before-024.json, made by
    // `npm run server` at 6c29523), and one more whose name another unit of its organization has in other case.
    const [first] = stored as [{ id: string; data: ServiceUnitRow }];
    const twin = { id: 'twin-1', data: { ...first.data, id: 'twin-1', name: first.data.name.toUpperCase(), agent: null } };
    await intoRowLog(database.sql, 'serviceUnits', [...stored, twin]);
    await intoListTable(database.sql, 'unit_list', unitsBefore024.unitList, { key: 'unitList', value: unitsBefore024.meta });
    const byName = () => idsOf(database.sql, 'SELECT id FROM unit_list ORDER BY name_key, id_key');
    const orderBefore = await byName();

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '024'));

    const store = createPgStore(database.sql);
    const units = createSqlUnits(database.sql);
    for (const { id, data } of stored) expect(await units.get(id), id).toEqual({ ...data, version: data.version ?? 1 });
    expect(await units.get('twin-1')).toEqual({ ...twin.data, name: `${twin.data.name} (twin-1)`, version: 1 });
    const agents = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM unit_agents');
    expect(agents.rows[0]?.n).toBe(stored.filter(({ data }) => data.agent).length);
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // The next start computes every unit's keys again: the list keeps the order main's list table had.
    expect(await store.writing((tx) => ensureUnitKeys(tx))).toBe(true);
    const listed = await createSqlUnitList(database.sql).list(
      { page: 1, pageSize: 100, sort: 'name', order: 'asc', search: '', filters: {} },
      'all',
      Date.now(),
    );
    expect(listed.rows.map((row) => String(row.id)).filter((id) => id !== 'twin-1')).toEqual(orderBefore);
  });
});

describe(`the organizations' move to their own table on ${BACKEND_NAME}`, () => {
  const stored = organizationsBefore025.rows as { id: string; data: StoredOrg }[];

  it('carries over the organizations a database of the row log holds, field for field, keeps their list order, and then keeps units to them', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '025');
    // The organizations as today's main stored them (server/test-support/fixtures/organizations-before-025.json),
    // an older one without the administration fields, and one whose code another already has.
    const [first] = stored as [{ id: string; data: StoredOrg }];
    const older = {
      id: 'older-1',
      data: { id: 'older-1', name: 'Older Org', domain: 'older.example', createdAt: '2024-05-01T08:00:00.000Z' },
    };
    const twin = { id: 'twin-1', data: { ...first.data, id: 'twin-1', name: 'Twin' } };
    await intoRowLog(database.sql, 'organizations', [...stored, older, twin]);
    await intoListTable(database.sql, 'organization_list', organizationsBefore025.organizationList);
    const byName = () => idsOf(database.sql, 'SELECT id FROM organization_list ORDER BY name_key, id_key');
    const orderBefore = await byName();

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '025'));

    const store = createPgStore(database.sql);
    const organizations = createSqlOrganizations(database.sql);
    for (const { id, data } of stored) expect(await organizations.get(id), id).toEqual(data);
    expect(await organizations.get('older-1')).toEqual(older.data);
    expect(await organizations.get('twin-1')).toEqual({ ...twin.data, code: `${first.data.code}-twin-1` });
    expect(await store.writing((tx) => ensureOrganizationKeys(tx))).toBe(true);
    const listed = await createSqlOrganizationList(database.sql).list({
      page: 1,
      pageSize: 100,
      sort: 'name',
      order: 'asc',
      search: '',
      filters: {},
    });
    expect(listed.rows.map((row) => String(row.record.id)).filter((id) => id !== 'older-1' && id !== 'twin-1')).toEqual(orderBefore);

    // From now on a unit's organization must exist.
    const unit = {
      id: 'u-1',
      organizationId: 'no-such-organization',
      name: 'Orphan',
      hostname: 'h',
      ipAddress: '10.0.0.1',
      operatingSystem: 'linux' as const,
      agentVersion: '',
      location: '',
      description: '',
      tags: [],
      lastSeenAt: '',
      maintenance: false,
      screenshotIntervalMinutes: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      agent: null,
    };
    await expect(
      store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: [unit], deleted: [] }])),
    ).rejects.toMatchObject({
      code: '23503',
    });
    const kept: ServiceUnitRow = { ...unit, organizationId: first.id };
    await store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: [kept], deleted: [] }]));
    await expect(
      store.writing((tx) => store.writeBatch(tx, [{ collection: 'organizations', put: [], deleted: [first.id] }])),
    ).rejects.toMatchObject({
      code: '23503',
    });
  });
});

describe(`the accounts' move to their own table on ${BACKEND_NAME}`, () => {
  const stored = usersBefore026.rows as { id: string; data: AdminUserRow }[];

  it('carries over the accounts a database of the row log holds, field for field, keeps their list order, and then keeps them unique and in an organization', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '026');
    // The accounts as today's main stored them (server/test-support/fixtures/users-before-026.json), an older one
    // without the administration fields, and one whose username and e-mail another has in other case.
    const [first] = stored as [{ id: string; data: AdminUserRow }];
    const {
      accountStatus: _status,
      invitedBy: _by,
      invitedByName: _byName,
      setPasswordDigest: _digest,
      setPasswordExpiresAt: _expires,
      updatedAt: _updated,
      ...olderData
    } = first.data;
    const older = { id: 'older-1', data: { ...olderData, id: 'older-1', username: 'older', email: 'older@acme.example' } };
    const twin = {
      id: 'twin-1',
      data: { ...first.data, id: 'twin-1', username: first.data.username.toUpperCase(), email: first.data.email.toUpperCase() },
    };
    await intoRowLog(database.sql, 'users', [...stored, older, twin]);
    await intoListTable(database.sql, 'user_list', usersBefore026.userList, { key: 'userList', value: usersBefore026.meta });
    const byName = () => idsOf(database.sql, 'SELECT id FROM user_list ORDER BY full_name_key, id_key');
    const orderBefore = await byName();

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '026'));

    const store = createPgStore(database.sql);
    const users = createSqlUsers(database.sql);
    for (const { id, data } of stored) expect(await users.get(id), id).toEqual(data);
    expect(await users.get('older-1')).toEqual(older.data);
    const [local, domain] = first.data.email.toUpperCase().split('@') as [string, string];
    expect(await users.get('twin-1')).toEqual({
      ...twin.data,
      username: `${twin.data.username}-twin-1`,
      email: `${local}+twin-1@${domain}`,
    });
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // The next start computes every account's keys again: the list keeps the order main's list table had.
    expect(await store.writing((tx) => ensureUserKeys(tx))).toBe(true);
    const listed = await createSqlUserList(database.sql).list(
      { page: 1, pageSize: 100, sort: 'fullName', order: 'asc', search: '', filters: {} },
      'all',
    );
    expect(listed.rows.map((row) => String(row.id)).filter((id) => id !== 'older-1' && id !== 'twin-1')).toEqual(orderBefore);

    // From now on an account's organization must exist, and its username is its own in any case.
    const put = (user: AdminUserRow) => store.writing((tx) => store.writeBatch(tx, [{ collection: 'users', put: [user], deleted: [] }]));
    const fresh = { ...first.data, id: 'fresh-1', username: 'fresh', email: 'fresh@acme.example' };
    await expect(put({ ...fresh, organizationId: 'no-such-organization' })).rejects.toMatchObject({ code: '23503' });
    await expect(put({ ...fresh, username: first.data.username.toUpperCase() })).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_username_unique',
    });
  });
});

describe(`the sign-ins' move to their own table on ${BACKEND_NAME}`, () => {
  const stored = sessionsBefore027.rows as { id: string; data: SessionRecord }[];

  it('carries over the tokens a database of the row log holds, field for field, and then keeps each to an account that exists, gone with it', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '027');
    // The tokens as today's main stored them (server/test-support/fixtures/sessions-before-027.json): locked,
    // retired by a refresh and open ones.
    await intoRowLog(database.sql, 'sessions', stored);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '027'));

    const store = createPgStore(database.sql);
    const sessions = createSqlSessions(database.sql);
    for (const { data } of stored) expect(await sessions.byToken(data.accessToken), data.accessToken).toEqual(data);
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // From now on a token's account must exist, and its tokens go with it.
    const [first] = stored as [{ id: string; data: SessionRecord }];
    const token = { ...first.data, id: 'token-1', accessToken: 'fresh-token', userId: 'u-1' };
    const write = (collection: string, put: object[], deleted: string[] = []) =>
      store.writing((tx) => store.writeBatch(tx, [{ collection, put: put as SessionRecord[], deleted }]));
    await expect(write('sessions', [token])).rejects.toMatchObject({ code: '23503' });
    await write('organizations', [{ id: 'o-1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' }]);
    await write('users', [{ id: 'u-1', organizationId: 'o-1', username: 'u1', email: 'u1@o.example', roleId: 4 }]);
    await write('sessions', [token]);
    expect(await sessions.byToken('fresh-token')).toEqual(token);
    await write('users', [], ['u-1']);
    expect(await sessions.byToken('fresh-token')).toBeUndefined();
  });
});

describe(`the sign-in throttle's move to its own table on ${BACKEND_NAME}`, () => {
  const stored = attemptsBefore028.rows as { id: string; data: SignInAttemptRecord }[];

  it('carries over the counters a database of the row log holds, failure for failure, one per key', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '028');
    await intoRowLog(database.sql, 'signInAttempts', stored);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '028'));

    const store = createPgStore(database.sql);
    const attempts = createSqlSignInAttempts(database.sql);
    const keys = stored.map(({ data }) => data.key);
    const read = await store.writing((tx) =>
      inUnitOfWork(
        tx,
        () => attempts.change(keys, (failures) => ({ failures: new Map(), value: Object.fromEntries(failures) })),
        store.writeBatch,
      ),
    );
    expect(read.value).toEqual(Object.fromEntries(stored.map(({ data }) => [data.key, data.failures])));
    expect(await tablesOf(database.sql)).not.toContain('rows');
  });
});

describe(`the kept answers' move to their own table on ${BACKEND_NAME}`, () => {
  const stored = keysBefore029.rows as { id: string; data: IdempotencyRecord }[];

  it('carries over the answers a database of the row log kept, field for field, and then keeps one per owner and key', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '029');
    await intoRowLog(database.sql, 'idempotencyKeys', stored);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '029'));

    const store = createPgStore(database.sql);
    const keys = createSqlIdempotencyKeys(database.sql);
    const inWork = unitOfWork(store);
    for (const { data } of stored) {
      const { id: _id, ...record } = data as IdempotencyRecord & { id: string };
      expect(await inWork(() => keys.find(data.owner, data.key, data.createdAt))).toEqual(record);
    }
    const [first] = stored as [{ id: string; data: IdempotencyRecord }];
    await expect(inWork(() => keys.insert({ ...first.data, body: { another: 'answer' } }))).rejects.toMatchObject({ code: '23505' });
  });
});

describe(`the rules' move to their own tables on ${BACKEND_NAME}`, () => {
  const urlRules = rulesBefore030.urlRules as { id: string; data: UrlRuleRecord }[];
  const processRules = rulesBefore030.processRules as { id: string; data: ProcessRuleRecord }[];

  it('carries over the URL and process rules a database of the row log holds, field for field, keeps their list order, and then keeps each rule once and its owners existing', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '030');
    // The rules as today's main stored them (server/test-support/fixtures/rules-before-030.json), an older URL
    // rule without a version, and two rules that another already was: a URL rule whose pattern differs only in
    // case (its list row missing), and a process rule of the same unit and pattern in other case.
    const scoped = urlRules.find(({ data }) => data.scope.kind === 'units' && data.scope.unitIds.length > 1);
    const versioned = urlRules.find(({ data }) => data.version !== undefined);
    if (!scoped || !versioned) throw new Error('The fixture has no rule for several units, or no changed rule');
    const { version: _version, ...olderData } = versioned.data;
    const older = { id: 'older-1', data: { ...olderData, id: 'older-1', pattern: 'older.example' } };
    const twin = { id: 'twin-1', data: { ...scoped.data, id: 'twin-1', pattern: scoped.data.pattern.toUpperCase(), reason: 'Twin' } };
    const [firstProcess] = processRules as [{ id: string; data: ProcessRuleRecord }];
    const processTwin = { id: 'twin-2', data: { ...firstProcess.data, id: 'twin-2', pattern: firstProcess.data.pattern.toUpperCase() } };
    await intoRowLog(database.sql, 'urlRestrictions', [...urlRules, older, twin]);
    await intoRowLog(database.sql, 'processRules', [...processRules, processTwin]);
    await intoListTable(database.sql, 'url_rule_list', rulesBefore030.urlRuleList, { key: 'urlRuleList', value: rulesBefore030.meta });
    const lastChanged = () => idsOf(database.sql, 'SELECT id FROM url_rule_list ORDER BY updated_key DESC, id_key DESC');
    const orderBefore = await lastChanged();

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '030'));

    const store = createPgStore(database.sql);
    const stored = createSqlUrlRules(database.sql);
    const storedProcesses = createSqlProcessRules(database.sql);
    for (const { id, data } of [...urlRules, older, twin]) expect(await stored.get(id), id).toEqual(data);
    for (const { id, data } of [...processRules, processTwin]) expect(await storedProcesses.get(id), id).toEqual(data);
    expect(await tablesOf(database.sql)).not.toContain('rows');
    // The twin is still the same rule as the one it copies, as the rules see it.
    expect(await stored.hasDuplicate(String(scoped.data.organizationId), duplicateKey(scoped.data), scoped.id)).toBe(true);

    // The next start computes every rule's keys again: the list keeps the order main's list table had.
    expect(await store.writing((tx) => ensureUrlRuleKeys(tx))).toBe(true);
    const listed = await stored.list({ page: 1, pageSize: 100, sort: 'updatedAt', order: 'desc', search: '', filters: {} }, 'all');
    expect(listed.rows.map((row) => String(row.id)).filter((id) => id !== 'older-1' && id !== 'twin-1')).toEqual(orderBefore);

    // From now on a rule is saved once, for an organization that exists, naming units that exist.
    const put = (collection: string, row: object) =>
      store.writing((tx) => store.writeBatch(tx, [{ collection, put: [{ ...row, id: 'fresh-1' }], deleted: [] }]));
    await expect(put('urlRestrictions', { ...scoped.data, reason: 'Again' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'url_rules_duplicate_unique',
    });
    await expect(put('processRules', { ...firstProcess.data, comment: 'Again' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'process_rules_pattern_unique',
    });
    await expect(
      put('urlRestrictions', { ...scoped.data, pattern: 'fresh.example', organizationId: 'no-such-organization' }),
    ).rejects.toMatchObject({
      code: '23503',
    });
    await expect(put('processRules', { ...firstProcess.data, pattern: 'fresh.exe', serviceUnitId: 'no-such-unit' })).rejects.toMatchObject({
      code: '23503',
    });
  });
});

describe(`the processes' move to their own table on ${BACKEND_NAME}`, () => {
  const processes = processesBefore032.processes as { id: string; data: ProcessRecord }[];

  it('carries over the processes a database of the row log holds, field for field, finds them as before, and then keeps each with a unit that exists and a running one without an end', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '032');
    // The processes as today's main stored them (server/test-support/fixtures/processes-before-032.json):
    // running and ended for each reason, under seeded and new ids.
    await intoRowLog(database.sql, 'processes', processes);
    const reasons = ['user', 'rule', 'exit'] as const;
    for (const reason of reasons)
      expect(
        processes.some(({ data }) => data.endedReason === reason),
        reason,
      ).toBe(true);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '032'));

    const store = createPgStore(database.sql);
    const stored = createSqlProcesses(database.sql);
    for (const { id, data } of processes) expect(await stored.get(id), id).toEqual(data);
    expect(await tablesOf(database.sql)).not.toContain('rows');
    const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id)).sort();
    const ofUnit = (unitId: string) => processes.filter(({ data }) => String(data.serviceUnitId) === unitId).map(({ data }) => data);
    expect(ids(await stored.running('1'))).toEqual(ids(ofUnit('1').filter((p) => p.state === 'running')));
    for (const reason of reasons) {
      const ended = processes.filter(({ data }) => data.endedReason === reason).length;
      expect(await stored.countEnded(reason, '', 'all'), reason).toBe(ended);
      expect(await stored.countEnded(reason, '2099-01-01T00:00:00.000Z', 'all'), reason).toBe(0);
    }

    // From now on a process belongs to a unit that exists, goes with it, and has not ended while it runs.
    const write = unitOfWork(store);
    const [running] = ofUnit('1').filter((p) => p.state === 'running') as [ProcessRecord];
    await expect(write(() => stored.put([{ ...running, id: 'fresh-1', serviceUnitId: 'no-such-unit' }]))).rejects.toMatchObject({
      code: '23503',
    });
    await expect(write(() => stored.put([{ ...running, id: 'fresh-2', endedAt: '2026-12-06T17:00:00.000Z' }]))).rejects.toMatchObject({
      code: '23514',
      constraint: 'processes_running_not_ended',
    });
    await storeAll(store, ruleOwners(['1'], ['1']));
    await database.sql.query("DELETE FROM service_units WHERE id = '1'");
    expect(await stored.running('1')).toEqual([]);
    expect(await stored.get(String(running.id))).toBeUndefined();
    expect(await stored.get(String(processes.find(({ data }) => data.serviceUnitId !== '1')?.id))).toBeDefined();
  });
});

describe(`the audit log's move to its own table on ${BACKEND_NAME}`, () => {
  const entries = auditLogBefore033.entries as { id: string; data: AuditRow }[];

  it('carries over the entries a database of the row log holds, field for field, in the order its list had, those of deleted accounts and organizations too', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '033');
    // The log as today's main stored it (server/test-support/fixtures/audit-log-before-033.json), with its
    // list rows: an organization created and deleted, an account invited, disabled and deleted, commands.
    await intoRowLog(database.sql, 'auditLog', entries);
    await intoListTable(database.sql, 'audit_list', auditLogBefore033.auditList, { key: 'auditList', value: auditLogBefore033.meta });
    const newestFirst = () => idsOf(database.sql, 'SELECT id FROM audit_list ORDER BY at_key DESC, id_key DESC');
    const orderBefore = await newestFirst();
    const deleted = entries.filter(({ data }) => data.action === 'delete').map(({ data }) => data.resource);
    expect(deleted.sort()).toEqual(['organization', 'user']);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '033'));

    const log = createSqlAuditLog<AuditRow>(database.sql);
    const query = { page: 1, pageSize: 100, resources: [], actorIds: [], organizationIds: [], recordIds: [] };
    const listed = await log.list(query);
    expect(listed.total).toBe(entries.length);
    expect(listed.rows.map((row) => String(row.id))).toEqual(orderBefore);
    const byId = new Map(listed.rows.map((row) => [String(row.id), row]));
    for (const { id, data } of entries) expect(byId.get(id), id).toEqual(data);
    expect(await tablesOf(database.sql)).not.toContain('rows');
    // A deleted account's trail is still found by its record.
    const gone = entries.find(({ data }) => data.resource === 'user');
    if (!gone) throw new Error('The fixture has no entry of an account');
    const trail = await log.list({ ...query, resources: ['user'], recordIds: [gone.data.recordId] });
    expect(trail.rows.map((row) => row.action)).toEqual(['delete', 'disable', 'invite']);
    // The keys moved were made by this version of core's projection: a start computes none again.
    expect(await createPgStore(database.sql).writing((tx) => ensureAuditKeys(tx))).toBe(false);
  });
});

describe(`the screenshots' move to their own tables on ${BACKEND_NAME}`, () => {
  const shots = screenshotsBefore035.screenshots as { id: string; data: ScreenshotRecord }[];
  const images = screenshotsBefore035.screenshotImages as {
    id: string;
    data: { screenshotId: string; contentType: string; data: string };
  }[];

  it('carries over the screenshots and images a database of the row log holds, field for field, in the order its list had, and then keeps each with a unit, and an image with its screenshot', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '035');
    // The screenshots as today's main stored them (server/test-support/fixtures/screenshots-before-035.json), with
    // their list rows: seeded ones, a flag and notes, two deleted, and an agent's two uploads (PNG, JPEG) under new ids.
    await intoRowLog(database.sql, 'screenshots', shots);
    await intoRowLog(database.sql, 'screenshotImages', images);
    await intoRowLog(
      database.sql,
      'screenshots',
      screenshotsBefore035.deleted.map((id) => ({ id, data: null })),
    );
    await intoListTable(database.sql, 'screenshot_list', screenshotsBefore035.screenshotList, {
      key: 'screenshotList',
      value: screenshotsBefore035.meta,
    });
    const newestFirst = (table: string) => idsOf(database.sql, `SELECT id FROM ${table} ORDER BY captured_key DESC, id_key DESC`);
    const orderBefore = await newestFirst('screenshot_list');
    expect(shots.filter(({ data }) => data.flagged || data.note !== '').length).toBeGreaterThanOrEqual(2);
    expect(images.map(({ data }) => data.contentType).sort()).toEqual(['image/jpeg', 'image/png']);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '035'));

    const store = createPgStore(database.sql);
    const stored = createSqlScreenshots(database.sql);
    for (const { id, data } of shots) expect(await stored.get(id), id).toEqual(data);
    for (const id of screenshotsBefore035.deleted) expect(await stored.get(id), id).toBeUndefined();
    for (const { data } of images)
      expect(await stored.image(data.screenshotId)).toEqual({ contentType: data.contentType, data: data.data });
    expect(await newestFirst('screenshots')).toEqual(orderBefore);
    const listed = await stored.list(
      { unitId: null, fromIso: null, toIso: null, flagged: null, search: '', ascending: false, page: 1, pageSize: 200 },
      'all',
    );
    expect(listed.rows.map((row) => String(row.id))).toEqual(orderBefore);
    const searched = await stored.list(
      { unitId: null, fromIso: null, toIso: null, flagged: null, search: 'straße', ascending: false, page: 1, pageSize: 200 },
      ['1'],
    );
    expect(searched.rows.map((row) => row.activeWindowTitle)).toEqual(['İstanbul – Straße – 文件']);
    expect(await tablesOf(database.sql)).not.toContain('rows');
    // The keys came with them: nothing to compute again at the next start.
    expect(await store.writing((tx) => ensureScreenshotKeys(tx))).toBe(false);

    // From now on a screenshot belongs to a unit that exists and goes with it, its image with it.
    const write = unitOfWork(store);
    const [uploaded] = images.map(({ data }) => shots.find((shot) => shot.id === data.screenshotId)?.data) as [ScreenshotRecord];
    const { id: _id, ...fresh } = uploaded;
    await expect(write(() => stored.insert({ ...fresh, serviceUnitId: 'no-such-unit' }))).rejects.toMatchObject({ code: '23503' });
    const orphan = { id: 'image-1', screenshotId: 'no-such-shot', serviceUnitId: '1', contentType: 'image/png', data: 'AA==' };
    await expect(
      store.writing((tx) => store.writeBatch(tx, [{ collection: 'screenshotImages', put: [orphan], deleted: [] }])),
    ).rejects.toMatchObject({ code: '23503' });
    await storeAll(store, ruleOwners(['1'], [uploaded.serviceUnitId]));
    await database.sql.query('DELETE FROM service_units WHERE id = $1', [uploaded.serviceUnitId]);
    expect(await stored.get(String(uploaded.id))).toBeUndefined();
    for (const { data } of images) expect(await stored.image(data.screenshotId)).toBeUndefined();
    const imagesLeft = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM screenshot_images');
    expect(imagesLeft.rows[0]?.n).toBe(0);
    expect(await stored.get(String(shots.find(({ data }) => data.serviceUnitId === '1')?.id))).toBeDefined();
  });
});

describe(`the to-do tasks' move to their own table on ${BACKEND_NAME}`, () => {
  const tasks = tasksBefore036.tasks as { id: string; data: TaskRecord }[];

  it('carries over the tasks a database of the row log holds, field for field, finds them by owner and number as before, and then keeps each with an account that exists', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '036');
    // The tasks as today's main stored them (server/test-support/fixtures/tasks-before-036.json): every account's
    // seeded ones, new ones with tags and HTML, changed ones. And one the schema would refuse as it is: a number
    // its owner's first task already has, and a tag the app does not know.
    const [first] = tasks as [{ id: string; data: TaskRecord }];
    const twin = { ...first.data, id: 'twin', tags: ['bug', 'urgent'] };
    await intoRowLog(database.sql, 'tasks', [...tasks, { id: 'twin', data: twin }]);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '036'));

    const store = createPgStore(database.sql);
    const stored = createSqlTasks(database.sql);
    for (const { id, data } of tasks) expect(await stored.get(data.ownerId, data.taskId), id).toEqual(data);
    const owners = [...new Set(tasks.map(({ data }) => data.ownerId))];
    expect(owners.length).toBeGreaterThan(5);
    for (const owner of owners) {
      const numbers = (await stored.ofOwner(owner)).map((task) => task.taskId).sort((a, b) => a - b);
      const before = tasks.filter(({ data }) => data.ownerId === owner).map(({ data }) => data.taskId);
      // The twin keeps its fields and gets the number after its owner's last.
      const expected = owner === first.data.ownerId ? [...before, Math.max(...before) + 1] : before;
      expect(numbers, owner).toEqual(expected.sort((a, b) => a - b));
    }
    const moved = (await stored.ofOwner(first.data.ownerId)).find((task) => task.id === 'twin');
    expect(moved).toEqual({
      ...twin,
      tags: ['bug'],
      taskId: Math.max(...tasks.filter(({ data }) => data.ownerId === first.data.ownerId).map(({ data }) => data.taskId)) + 1,
    });
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // From now on a task belongs to an account that exists, and goes with it.
    const write = unitOfWork(store);
    const { id: _id, ...fresh } = first.data;
    await expect(write(() => stored.insert({ ...fresh, ownerId: 'no-such-account', taskId: 1 }))).rejects.toMatchObject({ code: '23503' });
    const organization = { id: 'o1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' };
    const account = { id: 'owner-1', organizationId: 'o1', username: 'owner-1', email: 'owner-1@o.example', roleId: 4 };
    await storeAll(store, { organizations: [organization], users: [account] });
    const created = await write(() => stored.insert({ ...fresh, ownerId: 'owner-1', taskId: 1 }));
    expect(await stored.get('owner-1', 1)).toEqual(created);
    await database.sql.query("DELETE FROM users WHERE id = 'owner-1'");
    expect(await stored.ofOwner('owner-1')).toEqual([]);
  });
});

describe(`the agents' commands' move to their own table on ${BACKEND_NAME}`, () => {
  const commands = commandsBefore037.commands as { id: string; data: CommandRecord }[];

  it('carries over the commands a database of the row log holds, field for field, in the order an agent gets them, and then keeps each with a unit that exists', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '037');
    // The commands as today's main stored them (server/test-support/fixtures/commands-before-037.json): ends and
    // captures answered by the simulated agents, an enrolled agent's fetched ones and a refusal with its message,
    // and a deleted unit's command, a tombstone.
    await intoRowLog(database.sql, 'commands', commands);
    await intoRowLog(
      database.sql,
      'commands',
      commandsBefore037.deleted.map((id) => ({ id, data: null })),
    );
    expect(new Set(commands.map(({ data }) => data.status))).toEqual(new Set(['succeeded', 'sent', 'refused']));
    expect(commandsBefore037.deleted.length).toBeGreaterThan(0);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '037'));

    const store = createPgStore(database.sql);
    const stored = createSqlCommands(database.sql);
    for (const { id, data } of commands) expect(await stored.get(id), id).toEqual(data);
    for (const id of commandsBefore037.deleted) expect(await stored.get(id), id).toBeUndefined();
    for (const unit of new Set(commands.map(({ data }) => data.serviceUnitId))) {
      const unfinished = commands
        .map(({ data }) => data)
        .filter((c) => c.serviceUnitId === unit && (c.status === 'pending' || c.status === 'sent'))
        .sort(compareIssued);
      expect(await stored.unfinishedOf(unit), unit).toEqual(unfinished);
    }
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // From now on a command belongs to a unit that exists, and goes with it.
    const write = unitOfWork(store);
    const [first] = commands.filter(({ data }) => data.serviceUnitId === '1') as [{ id: string; data: CommandRecord }];
    const { id: _id, ...fresh } = { ...first.data, status: 'pending' as const, finishedAt: null };
    await expect(write(() => stored.insert({ ...fresh, serviceUnitId: 'no-such-unit' }))).rejects.toMatchObject({ code: '23503' });
    await storeAll(store, ruleOwners(['1'], ['1']));
    const created = await write(() => stored.insert(fresh));
    expect(await stored.pendingOf('1')).toEqual([created]);
    await database.sql.query("DELETE FROM service_units WHERE id = '1'");
    expect(await stored.get(String(created.id))).toBeUndefined();
    expect(await stored.get(first.id)).toBeUndefined();
    expect(await stored.get(String(commands.find(({ data }) => data.serviceUnitId !== '1')?.id))).toBeDefined();
  });
});

describe(`the capture requests' move to their own table on ${BACKEND_NAME}`, () => {
  const requests = captureRequestsBefore038.captureRequests as { id: string; data: CaptureRequestRecord }[];

  it('carries over the capture requests a database of the row log holds, field for field, but those of units deleted before, and then keeps a request when its unit goes', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '038');
    // The requests as today's main stored them (server/test-support/fixtures/capture-requests-before-038.json):
    // delivered, failed for offline units, a pending one, and one of unit 2, deleted after it (left behind).
    const store = createPgStore(database.sql);
    const units = [...new Set(requests.map(({ data }) => data.serviceUnitId))].filter((id) => id !== '2');
    await storeAll(store, ruleOwners(['1'], units));
    await intoRowLog(database.sql, 'captureRequests', requests);
    expect(new Set(requests.map(({ data }) => data.status))).toEqual(new Set(['delivered', 'failed', 'pending']));
    const ofGone = requests.filter(({ data }) => data.serviceUnitId === '2');
    expect(ofGone.length).toBeGreaterThan(0);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '038'));

    const stored = createSqlCaptureRequests(database.sql);
    for (const { id, data } of requests) expect(await stored.get(id), id).toEqual(data.serviceUnitId === '2' ? undefined : data);
    expect(await tablesOf(database.sql)).not.toContain('rows');
    // The prune finds them by their instant, as before.
    const write = unitOfWork(store);
    const oldest = Math.min(...requests.map(({ data }) => data.requestedAt));
    expect(await write(() => stored.removeRequestedBefore(oldest))).toBe(0);

    // From 041 on a request outlives its unit until the prune (a pending one is then answered `unitGone`).
    const [kept] = requests.filter(({ data }) => data.serviceUnitId === '1') as [{ id: string; data: CaptureRequestRecord }];
    await database.sql.query("DELETE FROM service_units WHERE id = '1'");
    expect(await stored.get(kept.id)).toEqual(kept.data);
  });
});

describe(`the agents' enrolment tokens' and secret's move to their own tables on ${BACKEND_NAME}`, () => {
  const enrolments = enrolmentsBefore039.agentEnrolments as { id: string; data: EnrolmentRecord }[];

  it("carries over the enrolment tokens and the simulated agents' secret a database of the row log holds, field for field, claims them as before, and then keeps a token once, in an organization that exists", async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '039');
    // The tokens as today's main stored them (server/test-support/fixtures/agent-enrolments-before-039.json): one
    // used by an agent, with the unit it made, two usable, and the one secret.
    const collections = { agentEnrolments: enrolments, agentSecrets: enrolmentsBefore039.agentSecrets };
    for (const [collection, rows] of Object.entries(collections)) await intoRowLog(database.sql, collection, rows);
    const used = enrolments.filter(({ data }) => data.usedAt !== null);
    expect(used.map(({ data }) => data.unitId)).toEqual([expect.any(String)]);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '039'));

    const store = createPgStore(database.sql);
    const stored = createSqlEnrolments();
    const write = unitOfWork(store);
    const { rows } = await database.sql.query<{ id: string; used_at: Date | null; unit_id: string | null }>(
      'SELECT id, used_at, unit_id FROM agent_enrolments ORDER BY id',
    );
    expect(rows.map((row) => row.id)).toEqual(enrolments.map(({ id }) => id).sort());
    const [usedOne] = used as [{ id: string; data: EnrolmentRecord }];
    expect(rows.find((row) => row.id === usedOne.id)).toMatchObject({ unit_id: usedOne.data.unitId });
    for (const { id, data } of enrolments) {
      const now = Date.parse(data.createdAt) + 1;
      const claimed = await write(() => stored.claim(data.tokenHash, now, new Date(now).toISOString()));
      expect(claimed, id).toEqual(data.usedAt === null ? { ...data, usedAt: new Date(now).toISOString() } : undefined);
    }
    const secret = enrolmentsBefore039.agentSecrets[0]?.data.simulatedSecret;
    expect(await createSqlAgentSecrets(database.sql).simulatedSecret(() => 'made again')).toBe(secret);
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // From now on a token's hash is one enrolment's, in an organization that exists.
    const { id: _id, ...fresh } = { ...usedOne.data, usedAt: null, unitId: null };
    await expect(write(() => stored.insert(fresh))).rejects.toMatchObject({ constraint: 'agent_enrolments_token_unique' });
    await expect(write(() => stored.insert({ ...fresh, tokenHash: 'other' }))).rejects.toMatchObject({ code: '23503' });
  });
});

describe(`the emails' move to their own table on ${BACKEND_NAME}`, () => {
  const emails = emailsBefore034.emails as { id: string; data: EmailRecord }[];
  const mailboxes = emailsBefore034.emailMailboxes as { id: string; data: { id: string; ownerId: string } }[];

  it('carries over the emails and mailboxes a database of the row log holds, field for field, finds them by owner and number as before, and then keeps each with an account that exists', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '034');
    // The emails as today's main stored them (server/test-support/fixtures/emails-before-034.json): the demo
    // accounts' seeded mailboxes, sent mail, drafts, a reply in its thread, moved, labelled, starred and unread
    // mail, and a registered account's mailbox. And one the schema would refuse as it is: an id that is no
    // number, a label the app does not know, a folder it does not have.
    const [first] = emails as [{ id: string; data: EmailRecord }];
    const odd = { ...first.data, id: 'odd-1', labels: ['work', 'private'], mailFolder: 'archive' };
    await intoRowLog(database.sql, 'emails', [...emails, { id: 'odd-1', data: odd }]);
    await intoRowLog(database.sql, 'emailMailboxes', mailboxes);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '034'));

    const store = createPgStore(database.sql);
    const stored = createSqlEmails(database.sql);
    for (const { id, data } of emails) expect(await stored.get(id), id).toEqual(data);
    const last = lastEmailId(emails.map(({ data }) => data));
    expect(last).toBeGreaterThan(180);
    // The odd one keeps its fields, gets the number after the largest, and only the app's label and folders.
    expect(await stored.get(String(last + 1))).toEqual({ ...odd, id: String(last + 1), labels: ['private'], mailFolder: 'inbox' });
    expect(await stored.lastId()).toBe(last + 1);
    const owners = [...new Set(emails.map(({ data }) => data.ownerId))];
    expect(owners.length).toBe(6);
    for (const owner of owners) {
      const ids = (await stored.ofOwner(owner)).map((email) => email.id).sort();
      const before = emails.filter(({ data }) => data.ownerId === owner).map(({ id }) => id);
      const expected = owner === first.data.ownerId ? [...before, String(last + 1)] : before;
      expect(ids, owner).toEqual(expected.sort());
      expect(await stored.hasMailbox(owner), owner).toBe(true);
    }
    expect(await tablesOf(database.sql)).not.toContain('rows');

    // From now on an email and a mailbox belong to an account that exists, and go with it.
    const write = unitOfWork(store);
    const fresh = { ...first.data, id: String(last + 2) };
    await expect(write(() => stored.insert([{ ...fresh, ownerId: 'no-such-account' }]))).rejects.toMatchObject({ code: '23503' });
    const organization = { id: 'o1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' };
    const account = { id: 'owner-1', organizationId: 'o1', username: 'owner-1', email: 'owner-1@o.example', roleId: 4 };
    await storeAll(store, { organizations: [organization], users: [account] });
    await write(async () => {
      await stored.insert([{ ...fresh, ownerId: 'owner-1' }]);
      await stored.addMailbox('owner-1');
    });
    expect(await stored.get(fresh.id)).toEqual({ ...fresh, ownerId: 'owner-1' });
    await database.sql.query("DELETE FROM users WHERE id = 'owner-1'");
    expect(await stored.ofOwner('owner-1')).toEqual([]);
    expect(await stored.hasMailbox('owner-1')).toBe(false);
  });
});

describe(`the live events' move to their outbox on ${BACKEND_NAME}`, () => {
  it('carries the events a database of the row log holds over with their numbers, and numbers new ones past every one given', async () => {
    const database = emptyDatabase();
    // A database as the server stored it before the outbox: the migrations up to it, events as rows of the log.
    expect(await migrateBefore(database.sql, '023')).toEqual(ALL.filter((name) => name < '023'));
    const event = (id: string, subjectId: string) => ({
      id,
      type: 'unit.changed',
      at: '2026-12-01T12:00:00.000Z',
      organizationId: '1',
      subjectId,
      unitId: subjectId,
      data: {},
    });
    const logged = (
      [
        ['2', false],
        ['10', false],
        ['1', false],
        ['11', true],
      ] as const
    ).map(([id, deleted]) => ({ id, data: deleted ? null : event(id, `unit-${id}`) }));
    await intoRowLog(database.sql, 'events', logged);

    expect((await migrate(database.sql)).slice(0, 1)).toEqual(['023_live_events_outbox.sql']);

    const events = createSqlEvents(database.sql);
    try {
      expect(await events.newestId()).toBe(10);
      expect((await events.after(0, 10)).map((e) => [e.id, e.subjectId])).toEqual([
        ['1', 'unit-1'],
        ['2', 'unit-2'],
        ['10', 'unit-10'],
      ]);
      const store = createPgStore(database.sql);
      const { id: _none, ...fresh } = event('', 'unit-new');
      await store.writing((tx) => inUnitOfWork(tx, async () => events.append(fresh as NewEvent), store.writeBatch));
      // Past 11, whose event was pruned before the move, once no earlier transaction runs (other test files' too,
      // on other databases of the cluster).
      await vi.waitFor(async () => expect((await events.after(10, 10)).map((e) => [e.id, e.subjectId])).toEqual([['12', 'unit-new']]), {
        timeout: 10_000,
        interval: 50,
      });
      expect(await tablesOf(database.sql)).not.toContain('rows');
    } finally {
      events.stop();
    }
  });
});

describe(`the row log's end on ${BACKEND_NAME}`, () => {
  it('drops the row log with what only it held (tombstones, retired collections), and keeps the seed the database was made with', async () => {
    const database = emptyDatabase();
    await migrateBefore(database.sql, '040');
    // What a database of the row log still held after 039: tombstones of deleted records, the demo apps'
    // retired tag lists, and in meta the seed it was made with.
    await intoRowLog(database.sql, 'serviceUnits', [{ id: 'gone-1', data: null }]);
    await intoRowLog(database.sql, 'taskTags', [{ id: '1', data: { id: '1', tagId: 1, text: 'Work', value: 'work', color: 'blue' } }]);
    await intoRowLog(database.sql, 'emailTags', [{ id: '1', data: { id: '1', text: 'Private', value: 'private', color: 'green' } }]);
    await database.sql.query(`INSERT INTO meta (key, value) VALUES ('seed', '{"seed":"default","seededAt":"2026-12-06T10:00:00.000Z"}')`);

    expect(await migrate(database.sql)).toEqual(ALL.filter((name) => name >= '040'));

    expect(await tablesOf(database.sql)).not.toContain('rows');
    expect(await sequencesOf(database.sql)).not.toContain('row_change_seq');
    const store = createPgStore(database.sql);
    expect(await store.seedOf()).toBe('default');
    // So a start finds the database seeded, and seeds nothing again.
    expect(await store.storeSeed({}, 'large')).toBe(false);
    expect(await store.seedOf()).toBe('default');
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
