import type { Server } from 'miragejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../core/list-query';
import { createRandom } from '../../core/random';
import type { OrganizationScope } from '../../core/service-unit-list';
import { USER_TEXT_SORTS, type AccountStatus, type UserListRepository } from '../../core/user-list';
import { table } from '../../mirage/db';
import { memoryUserList, type AdminUserRow } from '../../mirage/domains/users';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer } from '../../mirage/server';
import { runOnServer, withDatabase } from './admin';
import { migrate } from './migrate';
import { createPgRowStore } from './row-store';
import { openPglite, openPostgres, type Sql } from './sql';
import { createSqlUserList, ensureUserList } from './user-list';
import { TEST_DATABASE_URL } from '../test-support/database';

/*
 * The users' list as SQL returns exactly what the embedded backend returns from memory: the same ids in
 * the same order and the same total, for every sort column both ways, each filter, searches, pages and
 * scopes (an organization filter narrows a scope, never widens it), over generated users made to find
 * differences (accents, ß, digits, case, ties, never signed in, numeric and UUID ids). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const COUNT = 400;
const FIRST = [
  'Ana',
  'ana',
  'Ärne',
  'Arne',
  'Élodie',
  'elodie',
  'Jürgen',
  'Juergen',
  'Straßer',
  'STRASSER',
  'Zoë',
  'zoe',
  'user 9',
  'user 10',
  '',
];
const LAST = ['Müller', 'Mueller', 'müller', 'Ødegaard', 'Oliveira', "O'Brien", 'da Silva', 'Da Silva', 'Nguyễn', '李'];
const ORGANIZATIONS = ['1', '2', '3', '10'];
const STATUSES: AccountStatus[] = ['invited', 'active', 'disabled'];

function generateUsers(): AdminUserRow[] {
  const random = createRandom(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const users: AdminUserRow[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const id = i % 3 === 0 ? `0192f3a0-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1);
    const fullName = `${pick(FIRST)} ${pick(LAST)}`.trim();
    const handle = `${pick(['ana', 'Ana', 'jürgen', 'j.doe', 'user9', 'user10', 'x_y'])}${i % 7}`;
    const status = random() < 0.1 ? undefined : pick(STATUSES);
    users.push({
      id,
      organizationId: pick(ORGANIZATIONS),
      fullName,
      username: `${handle}-${i}`,
      email: `${handle}${i}@${pick(['acme.example', 'Globex.example', 'exämple.org'])}`,
      phoneNumber: '',
      roleId: pick([1, 2, 3, 4, 4, 4] as const),
      ...(status ? { accountStatus: status } : {}),
      lastSignInAt: random() < 0.3 ? null : new Date(NOW - Math.floor(random() * 40) * 3_600_000).toISOString(),
      createdAt: new Date(NOW - Math.floor(random() * 30) * 86_400_000).toISOString(),
    } as AdminUserRow);
  }
  return users;
}

const query = (overrides: Partial<ListQuery>): ListQuery => ({
  page: 1,
  pageSize: 100,
  sort: 'fullName',
  order: 'asc',
  search: '',
  filters: {},
  ...overrides,
});

/** The queries compared: every sort both ways in several scopes, each filter, searches and pages. */
function queries(): { query: ListQuery; scope: OrganizationScope }[] {
  const out: { query: ListQuery; scope: OrganizationScope }[] = [];
  const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], []];
  for (const sort of [...USER_TEXT_SORTS, 'roleId', 'status']) {
    for (const order of ['asc', 'desc'] as const) {
      for (const scope of scopes) out.push({ query: query({ sort, order, pageSize: 500 }), scope });
      out.push({ query: query({ sort, order, page: 3, pageSize: 7 }), scope: 'all' });
    }
  }
  for (const status of STATUSES) out.push({ query: query({ filters: { status: [status] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { role: ['4'] }, sort: 'email', pageSize: 500 }), scope: ['1'] });
  out.push({ query: query({ filters: { role: ['1', '2'], status: ['active'] } }), scope: 'all' });
  out.push({ query: query({ filters: { role: ['x'] } }), scope: 'all' });
  // The organization filter narrows the caller's scope and never widens it.
  out.push({ query: query({ filters: { organizationId: ['2', '3'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { organizationId: ['2', '3'] }, pageSize: 500 }), scope: ['3'] });
  out.push({ query: query({ filters: { organizationId: ['2'] }, pageSize: 500 }), scope: ['3'] });
  for (const search of ['ana', 'müller', 'mueller', 'ss', 'ß', 'é', 'user1', '.example', "o'b", '李', 'zz-none']) {
    out.push({ query: query({ search, pageSize: 500 }), scope: 'all' });
    out.push({ query: query({ search, sort: 'username', order: 'desc', pageSize: 5, page: 2 }), scope: ['1', '3'] });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

type Repo = UserListRepository<Readonly<AdminUserRow>>;

async function compareAll(memory: Repo, sql: Repo) {
  let compared = 0;
  for (const { query: q, scope } of queries()) {
    const [expected, actual] = await Promise.all([memory.list(q, scope), sql.list(q, scope)]);
    const label = JSON.stringify({ q, scope });
    expect(actual.total, label).toBe(expected.total);
    expect(
      actual.rows.map((row) => String(row.id)),
      label,
    ).toEqual(expected.rows.map((row) => String(row.id)));
    compared += 1;
  }
  return compared;
}

const users = generateUsers();
let mirage: Server;

beforeAll(async () => {
  mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
  const rows = table<AdminUserRow>(mirage.db, 'users');
  for (const user of users) rows.insert(user);
});

afterAll(() => mirage.shutdown());

const targets: { name: string; open: () => Promise<{ sql: Sql; drop: () => Promise<void> }> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const sql = await openPglite();
      return { sql, drop: () => sql.close() };
    },
  },
];
const postgresUrl = TEST_DATABASE_URL;
if (postgresUrl) {
  targets.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `t_user_list_${Date.now().toString(36)}`;
      await runOnServer(postgresUrl, `CREATE DATABASE ${name}`);
      const sql = await openPostgres(withDatabase(postgresUrl, name));
      return {
        sql,
        drop: async () => {
          await sql.close();
          await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
  });
}

describe.each(targets)('the users list as SQL on $name', ({ open }) => {
  let sql: Sql;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ sql, drop } = await open());
    await migrate(sql);
    const store = createPgRowStore(sql);
    await store.writing((tx) => store.writeBatch(tx, [{ collection: 'users', put: users, deleted: [] }]));
  }, 60_000);
  afterAll(() => drop());

  it('answers every query with the ids, order and total of the in-memory list', async () => {
    const compared = await compareAll(memoryUserList(mirage.db), createSqlUserList(sql));
    expect(compared).toBeGreaterThan(70);
  }, 60_000);

  it('follows deletes and changes written through the row store', async () => {
    const store = createPgRowStore(sql);
    const [first, second] = users as [AdminUserRow, AdminUserRow];
    const changed: AdminUserRow = { ...second, fullName: 'Renamed In Place', accountStatus: 'disabled' };
    await store.writing((tx) => store.writeBatch(tx, [{ collection: 'users', put: [changed], deleted: [String(first.id)] }]));
    try {
      const list = createSqlUserList<AdminUserRow>(sql);
      const found = await list.list(query({ search: 'renamed in place' }), 'all');
      const all = await list.list(query({ pageSize: 500 }), 'all');
      const disabled = await list.list(query({ filters: { status: ['disabled'] }, pageSize: 500 }), 'all');

      expect(found.rows).toEqual([expect.objectContaining({ id: changed.id, fullName: 'Renamed In Place' })]);
      expect(all.total).toBe(COUNT - 1);
      expect(all.rows.map((row) => row.id)).not.toContain(first.id);
      expect(disabled.rows.map((row) => row.id)).toContain(changed.id);
    } finally {
      await store.writing((tx) => store.writeBatch(tx, [{ collection: 'users', put: [first, second], deleted: [] }]));
    }
  });

  it('fills the table from the stored rows when its version is missing (a database stored before it)', async () => {
    await sql.query('DELETE FROM user_list');
    await sql.query("DELETE FROM meta WHERE key = 'userList'");
    const store = createPgRowStore(sql);

    expect(await store.writing((tx) => ensureUserList(tx))).toBe(true);
    expect(await store.writing((tx) => ensureUserList(tx))).toBe(false);
    expect(await compareAll(memoryUserList(mirage.db), createSqlUserList(sql))).toBeGreaterThan(70);
  }, 60_000);
});
