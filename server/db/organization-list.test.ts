import { expect } from 'vitest';
import { ORGANIZATION_SORTS, ORGANIZATION_STATUSES, type OrganizationStatus } from '../../core/organization-list';
import { createRandom } from '../../core/random';
import type { Row } from '../../mirage/db';
import { memoryOrganizationList, type OrgRow } from '../../mirage/domains/organizations';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { createSqlOrganizationList } from './organization-list';
import { ensureOrganizationKeys, ORGANIZATIONS } from './organizations';

/*
 * The organizations' list as SQL returns exactly what the embedded backend returns from memory: the same
 * ids in the same order and the same total, for every sort column both ways (the user and unit counts
 * among them), the status filter, searches and pages, over generated organizations made to find
 * differences (accents, ß, digits, case, ties, older rows without the administration fields, numeric and
 * UUID ids); and the same counts on every page. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-12-02T12:00:00.000Z');
const COUNT = 160;
const NAMES = ['Acme', 'acme', 'Ärzte', 'Arzte', 'Élan', 'elan', 'Straße', 'STRASSE', 'Org 9', 'Org 10', '100%', 'Under_Score', '李'];
const ZONES = ['UTC', 'Europe/Berlin', 'America/Sao_Paulo', 'Asia/Tokyo'];
const ORGANIZATION_IDS = Array.from({ length: COUNT }, (_, i) =>
  i % 4 === 0 ? `0192f3a4-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1),
);

function generateOrganizations(): (Row & Partial<OrgRow>)[] {
  const random = createRandom(31);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const codes = new Set<string>();
  // A code is unique (the database refuses a second); codes that differ in case only still tie on their sort key.
  const uniqueCode = (code: string, i: number) => {
    const kept = codes.has(code) ? `${code}-${i}` : code;
    codes.add(kept);
    return kept;
  };
  return ORGANIZATION_IDS.map((id, i) => {
    const name = `${pick(NAMES)} ${pick(['Logistics', 'logistics', 'Müller', 'Mueller', ''])}`.trim();
    const base = { id, name, domain: `o${i}.example`, createdAt: new Date(NOW - Math.floor(random() * 30) * 86_400_000).toISOString() };
    // Every seventh is an older row: no code, contact, zone, status or seat limit (the defaults apply).
    if (i % 7 === 3) return base;
    return {
      ...base,
      code: uniqueCode(`${pick(['ACME', 'acme', 'ORG', 'X_Y'])}${i % 9}`, i),
      contactEmail: `admin${i}@${pick(['acme.example', 'Globex.example', 'exämple.org'])}`,
      timezone: pick(ZONES),
      status: pick(ORGANIZATION_STATUSES) satisfies OrganizationStatus,
      seatLimit: pick([25, 100, 100, 12_000]),
    };
  });
}

/** Users and units in some organizations, so that counts differ and tie. */
function generateMembers() {
  const random = createRandom(37);
  const users = Array.from({ length: 300 }, (_, i) => ({
    id: String(10_000 + i),
    // Never in the first organization: the parity suite deletes it, and one that still has users cannot go.
    organizationId: ORGANIZATION_IDS[1 + Math.floor(random() * random() * (COUNT - 1))] ?? '1',
    fullName: `Member ${i}`,
    username: `member${i}`,
    email: `member${i}@acme.example`,
    roleId: 4,
    createdAt: new Date(NOW).toISOString(),
  }));
  const units = Array.from({ length: 200 }, (_, i) => ({
    id: String(20_000 + i),
    // Never in the first organization: the parity suite deletes it, and one that still has units cannot go.
    organizationId: ORGANIZATION_IDS[1 + Math.floor(random() * random() * (COUNT - 1))] ?? '1',
    name: `unit-${i}`,
    hostname: `unit-${i}.example`,
    ipAddress: '10.0.0.1',
    operatingSystem: 'linux',
    location: '',
    agentVersion: '',
    description: '',
    tags: [],
    lastSeenAt: new Date(NOW).toISOString(),
    maintenance: false,
    screenshotIntervalMinutes: 0,
    createdAt: new Date(NOW).toISOString(),
    updatedAt: new Date(NOW).toISOString(),
    agent: null,
  }));
  return { users, units };
}

const query = listQuery({ sort: 'name' });

function queries(): ListCase[] {
  const out: ListCase[] = [];
  for (const sort of [...ORGANIZATION_SORTS, 'constructor', 'nonsense']) {
    for (const order of ['asc', 'desc'] as const) {
      out.push({ query: query({ sort, order, pageSize: COUNT }), scope: 'all' });
      out.push({ query: query({ sort, order, page: 3, pageSize: 7 }), scope: 'all' });
    }
  }
  for (const status of ORGANIZATION_STATUSES) out.push({ query: query({ filters: { status: [status] }, pageSize: COUNT }), scope: 'all' });
  out.push({ query: query({ filters: { status: ['active', 'archived'] }, sort: 'userCount', order: 'desc' }), scope: 'all' });
  out.push({ query: query({ filters: { status: ['x'] } }), scope: 'all' });
  out.push({ query: query({ filters: { status: ['\0'] } }), scope: 'all' });
  for (const search of [
    'acme',
    'müller',
    'mueller',
    'ss',
    'ß',
    'é',
    'org 1',
    '.example',
    '李',
    'none-such',
    'a\0b',
    '%',
    '_',
    'x_y',
    'contact@',
  ]) {
    out.push({ query: query({ search, pageSize: COUNT }), scope: 'all' });
    out.push({ query: query({ search, sort: 'unitCount', order: 'desc', pageSize: 5, page: 2 }), scope: 'all' });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

const members = generateMembers();

const pageOf = <R extends Row>(answer: { rows: readonly { record: R }[]; total: number }) => ({
  rows: answer.rows.map((item) => item.record),
  total: answer.total,
});

describeListParity({
  what: 'organizations',
  table: {
    collection: ORGANIZATIONS,
    metaKey: 'organizationList',
    // The records stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(`UPDATE organizations SET id_key = '', name_key = '', code_key = '', search = '{}', search_text = ''`);
    },
    ensure: ensureOrganizationKeys,
  },
  records: generateOrganizations(),
  cases: queries(),
  memory: (db) => async (c) => pageOf(await memoryOrganizationList(db).list(c.query)),
  sql: (sql) => async (c) => pageOf(await createSqlOrganizationList(sql).list(c.query)),
  related: { users: members.users, serviceUnits: members.units },
  async alsoAlike(db, sql) {
    let counted = 0;
    for (const { query: asked } of queries()) {
      const [fromMemory, fromSql] = await Promise.all([memoryOrganizationList(db).list(asked), createSqlOrganizationList(sql).list(asked)]);
      const label = JSON.stringify(asked);
      expect(
        fromSql.rows.map((item) => String(item.record.id)),
        label,
      ).toEqual(fromMemory.rows.map((item) => String(item.record.id)));
      expect(
        fromSql.rows.map((item) => item.counts),
        label,
      ).toEqual(fromMemory.rows.map((item) => item.counts));
      counted += fromSql.rows.filter((item) => item.counts.userCount > 0 && item.counts.unitCount > 0).length;
    }
    // The members made counts to sort by, not only zeros.
    expect(counted).toBeGreaterThan(20);
  },
  change: {
    apply: (organization) => ({ ...organization, name: 'Renamed In Place', status: 'archived' as const }),
    finds: { query: query({ search: 'renamed in place' }), scope: 'all' },
    includes: { query: query({ filters: { status: ['archived'] }, pageSize: COUNT }), scope: 'all' },
  },
});
