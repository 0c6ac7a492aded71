import { randomBytes } from 'node:crypto';
import type { Server } from 'miragejs';
import type { ListQuery } from '../../core/list-query';
import { UNIT_TEXT_SORTS, type OrganizationScope, type ServiceUnitListRepository } from '../../core/service-unit-list';
import { table } from '../../mirage/db';
import { memoryUnitList, type ServiceUnitRow } from '../../mirage/domains/service-units';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer } from '../../mirage/server';
import { migrate } from './migrate';
import { createPgRowStore } from './row-store';
import { openPglite, openPostgres, type Sql } from './sql';
import { runOnServer, withDatabase } from './admin';
import { createSqlUnitList, ensureUnitList } from './unit-list';
import { TEST_DATABASE_URL } from '../test-support/database';

/*
 * The units' list as SQL returns exactly what the embedded backend returns from memory: the same ids in
 * the same order and the same total, for every sort column both ways, each filter, searches, pages and
 * scopes, over generated units made to find differences (accents, ß, digits, case, ties, the online
 * window's edges, numeric and UUID ids). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const COUNT = 400;

function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = [
  'Straße',
  'STRASSE',
  'strasse',
  'Éclair',
  'eclair',
  'Ärger',
  'arger',
  'ångström',
  'Øre',
  'Œuvre',
  'İstanbul',
  'naïve',
  'Naive',
  'unit-9',
  'unit-10',
  'Unit-010',
  'unit 2',
  'unit_2',
  'Zulu',
  'zulu',
  '①two',
  'ｆｕｌｌ',
  '日本',
  'a-b',
  'a.b',
  'ab',
  '',
  ' space',
  'Ελλάδα',
  'ﬁle',
  '🙂 smile',
];
const TAGS = ['Kasse', 'kasse', 'Lager', 'café', 'Cafe', 'b2', 'b10', 'Straße'];
const OS = ['windows', 'linux', 'macos'] as const;
const ORGANIZATIONS = ['1', '2', '3', '10'];

function generateUnits(): ServiceUnitRow[] {
  const random = createRandom(22);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const units: ServiceUnitRow[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const interval = pick([null, 1, 30, 60]);
    const window = interval === null ? 4 * 60_000 : Math.max(3 * interval * 1000, 15_000);
    const seenAt = NOW - window + pick([-1000, -1, 0, 1, 1000, -3_600_000, 60_000, 0]);
    const id = i % 3 === 0 ? `0192f3a0-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1);
    const name = `${pick(NAMES)}${random() < 0.5 ? '' : ` ${pick(NAMES)}`}${random() < 0.3 ? ` ${Math.floor(random() * 120)}` : ''}`;
    units.push({
      id,
      organizationId: pick(ORGANIZATIONS),
      name,
      hostname: `${pick(['host', 'Host', 'höst'])}-${Math.floor(random() * 30)}.example`,
      ipAddress: `10.0.${Math.floor(random() * 3)}.${Math.floor(random() * 20)}`,
      operatingSystem: pick(OS),
      agentVersion: pick(['4.2.1', '4.10.0', '4.9.12', '10.0.0']),
      location: pick(['Berlin', 'berlin', 'Zürich', 'Zurich', 'São Paulo', 'Lager 2', 'Lager 10', '']),
      description: pick(['', 'Kasse vorne', 'CAFÉ bar', 'Straße 9']),
      tags: TAGS.filter(() => random() < 0.2),
      lastSeenAt: random() < 0.03 ? 'never' : new Date(seenAt).toISOString(),
      maintenance: random() < 0.15,
      screenshotIntervalMinutes: 5,
      createdAt: new Date(NOW - Math.floor(random() * 50) * 86_400_000).toISOString(),
      updatedAt: new Date(NOW - Math.floor(random() * 5) * 3_600_000).toISOString(),
      agent:
        interval === null
          ? null
          : {
              kind: 'simulated',
              enrolledAt: '2026-01-01T00:00:00.000Z',
              revokedAt: null,
              heartbeatIntervalS: interval,
              system: null,
              credentialHash: 'x',
            },
    });
  }
  return units;
}

const query = (overrides: Partial<ListQuery>): ListQuery => ({
  page: 1,
  pageSize: 100,
  sort: 'name',
  order: 'asc',
  search: '',
  filters: {},
  ...overrides,
});

/** The queries compared: every sort both ways in several scopes, each filter, searches and pages. */
function queries(): { query: ListQuery; scope: OrganizationScope }[] {
  const out: { query: ListQuery; scope: OrganizationScope }[] = [];
  const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], []];
  for (const sort of [...UNIT_TEXT_SORTS, 'status']) {
    for (const order of ['asc', 'desc'] as const) {
      for (const scope of scopes) out.push({ query: query({ sort, order, pageSize: 500 }), scope });
      out.push({ query: query({ sort, order, page: 3, pageSize: 7 }), scope: 'all' });
    }
  }
  for (const status of ['online', 'offline', 'maintenance']) {
    out.push({ query: query({ filters: { status: [status] } }), scope: 'all' });
    out.push({ query: query({ sort: 'status', filters: { status: [status, 'online'] }, pageSize: 500 }), scope: ['1'] });
  }
  out.push({ query: query({ filters: { os: ['linux'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { os: ['linux', 'macos'] }, sort: 'hostname', order: 'desc' }), scope: ['3'] });
  for (const tag of ['Kasse', 'café', 'b10']) out.push({ query: query({ filters: { tag: [tag] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { tag: ['kasse', 'Lager'], status: ['offline'], os: ['windows'] } }), scope: 'all' });
  for (const search of ['stra', 'straße', 'ss', 'é', 'café', '10', 'kasse', '.example', 'unit-0', '日', '🙂', 'zz-none']) {
    out.push({ query: query({ search, pageSize: 500 }), scope: 'all' });
    out.push({ query: query({ search, sort: 'location', order: 'desc', pageSize: 5, page: 2 }), scope: ['1', '3'] });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

type Repo = ServiceUnitListRepository<Readonly<ServiceUnitRow>>;

async function compareAll(memory: Repo, sql: Repo) {
  let compared = 0;
  for (const { query: q, scope } of queries()) {
    const [expected, actual] = await Promise.all([memory.list(q, scope, NOW), sql.list(q, scope, NOW)]);
    const label = JSON.stringify({ q, scope });
    expect(actual.total, label).toBe(expected.total);
    expect(
      actual.rows.map((row) => String(row.id)),
      label,
    ).toEqual(expected.rows.map((row) => String(row.id)));
    compared += 1;
  }
  for (const scope of ['all', ['1'], ['2', '10'], []] as OrganizationScope[]) {
    expect(await sql.tags(scope)).toEqual(await memory.tags(scope));
  }
  return compared;
}

const units = generateUnits();
let mirage: Server;

beforeAll(async () => {
  mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
  const rows = table<ServiceUnitRow>(mirage.db, 'serviceUnits');
  for (const unit of units) rows.insert(unit);
});

afterAll(() => mirage.shutdown());

async function storeUnits(sql: Sql) {
  await migrate(sql);
  const store = createPgRowStore(sql);
  await store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: units, deleted: [] }]));
}

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
      const name = `t_unit_list_${randomBytes(6).toString('hex')}`;
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

describe.each(targets)('the units list as SQL on $name', ({ open }) => {
  let sql: Sql;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ sql, drop } = await open());
    await storeUnits(sql);
  }, 60_000);
  afterAll(() => drop());

  it('answers every query with the ids, order and total of the in-memory list', async () => {
    const compared = await compareAll(memoryUnitList(mirage.db), createSqlUnitList(sql));
    expect(compared).toBeGreaterThan(100);
  }, 60_000);

  it('follows deletes and changes written through the row store', async () => {
    const store = createPgRowStore(sql);
    const [first, second] = units as [ServiceUnitRow, ServiceUnitRow];
    const changed = { ...second, name: 'Changed in place', maintenance: true };
    await store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: [changed], deleted: [String(first.id)] }]));
    try {
      const list = createSqlUnitList(sql);

      const found = await list.list(query({ search: 'changed in place' }), 'all', NOW);
      const all = await list.list(query({ pageSize: 500 }), 'all', NOW);
      const maintenance = await list.list(query({ filters: { status: ['maintenance'] }, pageSize: 500 }), 'all', NOW);

      expect(found.rows).toEqual([expect.objectContaining({ id: changed.id, name: 'Changed in place', maintenance: true })]);
      expect(all.total).toBe(COUNT - 1);
      expect(all.rows.map((row) => row.id)).not.toContain(first.id);
      expect(maintenance.rows.map((row) => row.id)).toContain(changed.id);
    } finally {
      await store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: [first, second], deleted: [] }]));
    }
  });

  it('fills the table from the stored rows when its version is missing (a database stored before it)', async () => {
    await sql.query('DELETE FROM unit_list');
    await sql.query("DELETE FROM meta WHERE key = 'unitList'");
    const store = createPgRowStore(sql);

    expect(await store.writing((tx) => ensureUnitList(tx))).toBe(true);
    expect(await store.writing((tx) => ensureUnitList(tx))).toBe(false);

    expect(await compareAll(memoryUnitList(mirage.db), createSqlUnitList(sql))).toBeGreaterThan(100);
  }, 60_000);
});
