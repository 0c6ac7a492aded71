import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../core/list-query';
import { createRandom } from '../../core/random';
import { compareScreenshots, type ScreenshotListQuery } from '../../core/screenshot-list';
import type { OrganizationScope } from '../../core/service-unit-list';
import { table, type MirageDb } from '../../mirage/db';
import { memoryScreenshots, type ScreenshotRow } from '../../mirage/domains/screenshots';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer, type Server } from '../../mirage/server';
import { createSqlScreenshotList, createSqlScreenshots, ensureScreenshotKeys, SCREENSHOTS } from './screenshots';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { ruleOwners } from '../test-support/fixtures/rule-owners';

/*
 * The screenshots' list as SQL returns exactly what the embedded backend returns from memory: the same ids
 * in the same order and the same total, both orders, in several scopes, by unit, day range (bounds equal
 * to capture times, midnight and the day's last millisecond), flag, searches and pages, over generated
 * screenshots made to find differences (ties on capturedAt, numeric and UUID ids, accents and case in
 * titles, several organizations and units). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const COUNT = 600;
const ORGANIZATIONS = ['1', '2', '3', '10'];
/** Units per organization: numeric ids that sort differently as text and as numbers, and a UUID. */
const UNITS: Record<string, string[]> = {
  '1': ['9', '10', '100'],
  '2': ['2', '20'],
  '3': ['0192f3a0-0001-7abc-8def-000000000001'],
  '10': ['11', '0192f3a0-0002-7abc-8def-000000000002'],
};
/** Few distinct times, so many screenshots tie on capturedAt; midnight and the day's last millisecond among them. */
const TIMES = [
  '2026-11-19T23:59:59.999Z',
  '2026-11-20T00:00:00.000Z',
  '2026-11-20T00:00:00.001Z',
  '2026-11-20T09:30:00.000Z',
  '2026-11-20T23:59:59.999Z',
  '2026-11-21T00:00:00.000Z',
  '2026-11-21T12:00:00.000Z',
  '2026-11-24T08:15:42.123Z',
  '2026-11-26T11:59:59.000Z',
];
const WINDOWS: [process: string, title: string][] = [
  ['chrome.exe', 'Inbox – Gmail – Google Chrome'],
  ['CHROME.EXE', 'Café Résumé – Chrome'],
  ['Safari', 'ÉTÉ 2026 – Safari'],
  ['firefox', 'Straße und STRASSE – Mozilla Firefox'],
  ['Code.exe', 'naïve.ts – Visual Studio Code'],
  ['explorer.exe', 'İstanbul – File Explorer'],
  ['Teams.exe', 'Daily stand-up | Microsoft Teams'],
  ['李', '文件 – 资源管理器'],
  ['steam.exe', ''],
  ['setup_x64.exe', 'Progress 100% – C:\\Temp\\setup_x64'],
  ['notes', 'First line\nsecond line'],
];

function generateScreenshots(): ScreenshotRow[] {
  const random = createRandom(2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const shots: ScreenshotRow[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const organizationId = pick(ORGANIZATIONS);
    const [processName, activeWindowTitle] = pick(WINDOWS);
    const flagged = random() < 0.3;
    shots.push({
      id: i % 4 === 0 ? `0192f3a1-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1),
      organizationId,
      serviceUnitId: pick(UNITS[organizationId] ?? []),
      capturedAt: pick(TIMES),
      width: 1920,
      height: 1080,
      activeWindowTitle,
      processName,
      flagged,
      note: flagged ? 'Please review' : '',
    });
  }
  // Stored out of capture order, as after a late upload: the in-memory list sorts (its other path, rows
  // stored in order, is compared with this one below).
  return shots;
}

/**
 * A case is a ListQuery (the parity suite's shape) carrying the screenshots' query: its order, page, page
 * size and search, and the filters unitId, from, to (ISO instants) and flagged.
 */
const query = listQuery({ sort: 'capturedAt' });
function screenshotQuery(q: ListQuery): ScreenshotListQuery {
  const first = (name: string) => q.filters[name]?.[0] ?? null;
  const flagged = first('flagged');
  return {
    unitId: first('unitId'),
    fromIso: first('from'),
    toIso: first('to'),
    flagged: flagged === null ? null : flagged === 'true',
    search: q.search,
    ascending: q.order === 'asc',
    page: q.page,
    pageSize: q.pageSize,
  };
}

function queries(): ListCase[] {
  const out: ListCase[] = [];
  const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], [], ['404']];
  for (const order of ['asc', 'desc'] as const) {
    for (const scope of scopes) out.push({ query: query({ order, pageSize: COUNT }), scope });
    // Pages of one and of seven walk through the ties.
    for (const page of [1, 2, 3, 50, 86, 600, 601]) out.push({ query: query({ order, page, pageSize: 1 }), scope: 'all' });
    for (const page of [1, 4, 30, 200]) out.push({ query: query({ order, page, pageSize: 7 }), scope: ['1', '3'] });
    for (const unitId of ['9', '10', '100', '0192f3a0-0002-7abc-8def-000000000002', '404', '1']) {
      out.push({ query: query({ order, filters: { unitId: [unitId] }, pageSize: COUNT }), scope: 'all' });
    }
    // A unit of another organization than the caller's: nothing.
    out.push({ query: query({ order, filters: { unitId: ['9'] }, pageSize: COUNT }), scope: ['2'] });
    for (const flagged of ['true', 'false']) {
      out.push({ query: query({ order, filters: { flagged: [flagged] }, pageSize: COUNT }), scope: 'all' });
      out.push({ query: query({ order, filters: { flagged: [flagged], unitId: ['10'] }, page: 2, pageSize: 5 }), scope: ['1'] });
    }
  }
  // Day ranges as the handler reads them (from: the day's first millisecond, to: its last), and bounds
  // equal to capture times.
  const ranges: [string | null, string | null][] = [
    ['2026-11-20T00:00:00.000Z', '2026-11-20T23:59:59.999Z'],
    ['2026-11-20T00:00:00.000Z', null],
    [null, '2026-11-19T23:59:59.999Z'],
    ['2026-11-20T00:00:00.001Z', '2026-11-21T00:00:00.000Z'],
    ['2026-11-21T00:00:00.000Z', '2026-11-20T00:00:00.000Z'],
    ['2026-11-27T00:00:00.000Z', null],
    [null, '2026-11-26T23:59:59.999Z'],
  ];
  for (const [from, to] of ranges) {
    const filters: Record<string, string[]> = {};
    if (from) filters['from'] = [from];
    if (to) filters['to'] = [to];
    out.push({ query: query({ filters, pageSize: COUNT }), scope: 'all' });
    out.push({ query: query({ filters, order: 'desc', page: 2, pageSize: 9 }), scope: ['10', '2'] });
    out.push({ query: query({ filters: { ...filters, flagged: ['true'], unitId: ['2'] }, pageSize: COUNT }), scope: 'all' });
  }
  // Searches as the handler reads them (trimmed, lower-cased): accents, ß, case, CJK, a process name.
  for (const search of [
    'chrome',
    'café',
    'cafe',
    'été',
    'straße',
    'strasse',
    'naïve',
    'i̇stanbul',
    'istanbul',
    '李',
    '文件',
    ' – ',
    'x',
    'zz-none',
    // LIKE's own characters, and the line feed that joins the texts for the trigram index: each as itself.
    '%',
    '0% – c:',
    '_',
    'p_x',
    '\\',
    'c:\\temp',
    'line\nsecond',
    'exe\nfirst',
    'setup_x64.exe\n',
    'setup_x64\nsetup',
  ]) {
    out.push({ query: query({ search, pageSize: COUNT }), scope: 'all' });
    out.push({ query: query({ search, order: 'desc', page: 2, pageSize: 4 }), scope: ['1', '3'] });
  }
  out.push({
    query: query({ search: 'chrome', filters: { flagged: ['false'], from: ['2026-11-20T00:00:00.000Z'] }, pageSize: COUNT }),
    scope: ['1'],
  });
  return out;
}

const records = generateScreenshots();

describeListParity({
  what: 'screenshots',
  table: {
    collection: SCREENSHOTS,
    metaKey: 'screenshotList',
    // The screenshots stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(`UPDATE screenshots SET captured_key = '', id_key = '', search = '{}', search_text = ''`);
    },
    ensure: ensureScreenshotKeys,
  },
  records,
  // A screenshot's unit must exist (its foreign key).
  related: ruleOwners(ORGANIZATIONS, Object.values(UNITS).flat()),
  cases: queries(),
  memory: (db) => (c) => memoryScreenshots(db).list(screenshotQuery(c.query), c.scope),
  sql: (sql) => (c) => createSqlScreenshotList<ScreenshotRow>(sql).list(screenshotQuery(c.query), c.scope),
  // The repository's other reads (the dashboard's count and newest, a bulk delete's lookup) answer alike too.
  async alsoAlike(db, sql) {
    const memory = memoryScreenshots(db);
    const stored = createSqlScreenshots(sql);
    const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], [], ['404']];
    for (const scope of scopes) {
      for (const since of ['', ...TIMES, '2026-11-20', '2099-01-01T00:00:00.000Z']) {
        expect(await stored.countSince(scope, since), `${String(scope)} since ${since}`).toBe(await memory.countSince(scope, since));
      }
      for (const limit of [1, 6, 50]) {
        const [expected, actual] = await Promise.all([memory.newest(scope, limit), stored.newest(scope, limit)]);
        expect(actual.map((row) => String(row.id))).toEqual(expected.map((row) => String(row.id)));
      }
    }
    const ids = [...records.slice(0, 40).map((row) => String(row.id)), 'no-such-id', 'a\0b', String(records[0]?.id), ''];
    const [expected, actual] = await Promise.all([memory.getMany(ids), stored.getMany(ids)]);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(await stored.get(String(records[3]?.id))).toEqual(await memory.get(String(records[3]?.id)));
    expect(await stored.get('no-such-id')).toBeUndefined();
  },
  change: {
    apply: (shot): ScreenshotRow => ({ ...shot, activeWindowTitle: 'Renamed In Place', flagged: !shot.flagged }),
    finds: { query: query({ search: 'renamed in place' }), scope: 'all' },
    includes: { query: query({ filters: { flagged: [String(!records[1]?.flagged)] }, pageSize: COUNT }), scope: 'all' },
  },
});

describe('the screenshots list in memory', () => {
  const servers: Server[] = [];
  const withRows = async (rows: readonly ScreenshotRow[]): Promise<MirageDb> => {
    const server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    servers.push(server);
    const shots = table<ScreenshotRow>(server.db, 'screenshots');
    for (const row of rows) shots.insert(row);
    return server.db;
  };
  let shuffled: MirageDb;
  let inOrder: MirageDb;
  beforeAll(async () => {
    shuffled = await withRows(records);
    inOrder = await withRows([...records].sort(compareScreenshots));
  });
  afterAll(() => {
    for (const server of servers) server.shutdown();
  });

  it('answers alike whether the rows are stored in capture order (no sort) or not', async () => {
    for (const { query: q, scope } of queries()) {
      const [expected, actual] = await Promise.all([
        memoryScreenshots(shuffled).list(screenshotQuery(q), scope),
        memoryScreenshots(inOrder).list(screenshotQuery(q), scope),
      ]);
      expect(actual.total).toBe(expected.total);
      expect(actual.rows.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));
    }
  });

  it('follows a screenshot added out of order', async () => {
    const late = table<ScreenshotRow>(inOrder, 'screenshots').insert({
      ...(records[0] as ScreenshotRow),
      id: '0',
      capturedAt: TIMES[0] as string,
    });
    const oldest = await memoryScreenshots(inOrder).list(screenshotQuery(query({ order: 'asc', pageSize: 1 })), 'all');

    expect(oldest.rows.map((row) => row.id)).toEqual([late.id]);
  });
});
