import { expect } from 'vitest';
import { createRandom } from '../../core/random';
import { UNIT_TEXT_SORTS, type OrganizationScope } from '../../core/service-unit-list';
import { memoryUnitList, type ServiceUnitRow } from '../../mirage/domains/service-units';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { createSqlUnitList } from './unit-list';
import { ensureUnitKeys, UNITS } from './units';

/*
 * The units' list as SQL returns exactly what the embedded backend returns from memory: the same ids in
 * the same order and the same total, for every sort column both ways, each filter, searches, pages and
 * scopes, over generated units made to find differences (accents, ß, digits, case, ties, the online
 * window's edges, numeric and UUID ids). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const COUNT = 400;

const NAMES = [
  '50% Lager',
  'Kasse_1',
  'C:\\Kiosk',
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
  const taken = new Set<string>();
  for (let i = 0; i < COUNT; i += 1) {
    const interval = pick([null, 1, 30, 60]);
    const window = interval === null ? 4 * 60_000 : Math.max(3 * interval * 1000, 15_000);
    const seenAt = NOW - window + pick([-1000, -1, 0, 1, 1000, -3_600_000, 60_000, 0]);
    const id = i % 3 === 0 ? `0192f3a0-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1);
    const generated = `${pick(NAMES)}${random() < 0.5 ? '' : ` ${pick(NAMES)}`}${random() < 0.3 ? ` ${Math.floor(random() * 120)}` : ''}`;
    const organizationId = pick(ORGANIZATIONS);
    // A name is unique in its organization (the database refuses a second); other organizations share it.
    const name = taken.has(`${organizationId}|${generated.toLowerCase()}`) ? `${generated} #${i}` : generated;
    taken.add(`${organizationId}|${name.toLowerCase()}`);
    units.push({
      id,
      organizationId,
      name,
      hostname: `${pick(['host', 'Host', 'höst'])}-${Math.floor(random() * 30)}.example`,
      ipAddress: `10.0.${Math.floor(random() * 3)}.${Math.floor(random() * 20)}`,
      operatingSystem: pick(OS),
      agentVersion: pick(['4.2.1', '4.10.0', '4.9.12', '10.0.0']),
      location: pick(['Berlin', 'berlin', 'Zürich', 'Zurich', 'São Paulo', 'Lager 2', 'Lager 10', '']),
      description: pick(['', 'Kasse vorne', 'CAFÉ bar', 'Straße 9']),
      tags: TAGS.filter(() => random() < 0.2),
      lastSeenAt: random() < 0.03 ? '' : new Date(seenAt).toISOString(),
      maintenance: random() < 0.15,
      screenshotIntervalMinutes: 5,
      version: 1,
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

const query = listQuery({ sort: 'name' });

/** The queries compared: every sort both ways in several scopes, each filter, searches and pages. */
function queries(): ListCase[] {
  const out: ListCase[] = [];
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
  // A value PostgreSQL cannot hold matches nothing; the others of its filter still do.
  out.push({ query: query({ filters: { tag: ['Kasse', 'x\0'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { tag: ['\0'] } }), scope: 'all' });
  // LIKE's own characters and the line feed that joins the texts for the trigram index: each as itself.
  for (const search of [
    'stra',
    'straße',
    'ss',
    'é',
    'café',
    '10',
    'kasse',
    '.example',
    'unit-0',
    '日',
    '🙂',
    'zz-none',
    'a\0b',
    '%',
    '0% l',
    '_',
    'e_1',
    '\\',
    'c:\\k',
    'lager\nhost',
    'e\n',
  ]) {
    out.push({ query: query({ search, pageSize: 500 }), scope: 'all' });
    out.push({ query: query({ search, sort: 'location', order: 'desc', pageSize: 5, page: 2 }), scope: ['1', '3'] });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

describeListParity({
  what: 'units',
  table: {
    collection: UNITS,
    metaKey: 'unitList',
    // The records stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(`UPDATE service_units SET id_key = '', name_key = '', location_key = '', search = '{}', search_text = ''`);
    },
    ensure: ensureUnitKeys,
  },
  records: generateUnits(),
  // The organizations the units belong to (a unit's organization must exist).
  related: {
    organizations: ORGANIZATIONS.map((id) => ({
      id,
      name: `Organization ${id}`,
      domain: `o${id}.example`,
      createdAt: '2025-01-01T00:00:00.000Z',
    })),
  },
  cases: queries(),
  memory: (db) => (c) => memoryUnitList(db).list(c.query, c.scope, NOW),
  sql: (sql) => (c) => createSqlUnitList(sql).list(c.query, c.scope, NOW),
  async alsoAlike(db, sql) {
    for (const scope of ['all', ['1'], ['2', '10'], []] as OrganizationScope[]) {
      expect(await createSqlUnitList(sql).tags(scope)).toEqual(await memoryUnitList(db).tags(scope));
    }
  },
  change: {
    apply: (unit) => ({ ...unit, name: 'Changed in place', maintenance: true }),
    finds: { query: query({ search: 'changed in place' }), scope: 'all' },
    includes: { query: query({ filters: { status: ['maintenance'] }, pageSize: COUNT }), scope: 'all' },
  },
});
