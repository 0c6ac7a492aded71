import { makeServer } from '../../mirage/server';
import { createNodeTransport } from '../../mirage/node-transport';
import { table } from '../../mirage/db';
import { expect } from 'vitest';
import { auditListQuery, compareAuditEntries, type AuditListQuery } from '../../core/audit-list';
import { createRandom } from '../../core/random';
import { AUDIT_LOG, memoryAuditLog, type AuditRow } from '../../mirage/domains/audit';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { createSqlAuditList, ensureAuditKeys } from './audit-list';

/*
 * The audit log as SQL returns exactly what the embedded backend returns from memory: the same ids newest
 * first and the same total, for each filter alone and together, several values, per-record trails, an
 * organization's scope and pages, over generated entries made to find differences (many ties on `at`,
 * numeric, UUID and other ids, entries of no organization). The memory list is compared twice: on rows in
 * time order (its backwards walk) and on the same rows shuffled (its sorting fallback). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const START = Date.parse('2026-11-01T00:00:00.000Z');
const COUNT = 600;
const ORGANIZATIONS = ['1', '2', '10', ''];
const RESOURCES = ['organization', 'user', 'command', 'serviceUnit'];
const ACTORS = ['1', '2', '3', '0192f3a0-0001-7abc-8def-000000000001'];
const RECORDS = ['1', '2', '9', '10', 'a', '0192f3a0-0002-7abc-8def-000000000002'];

function generateEntries(): AuditRow[] {
  const random = createRandom(29);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const entries: AuditRow[] = [];
  let at = START;
  for (let i = 0; i < COUNT; i += 1) {
    // A third of the entries share their time with the one before: ties broken by id.
    if (random() > 0.33) at += Math.floor(random() * 3) * 1000 + 1;
    const id =
      i % 3 === 0
        ? `0192f3a0-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}`
        : i % 17 === 0
          ? `0${i}`
          : String(COUNT - i);
    const resource = pick(RESOURCES);
    entries.push({
      id,
      at: new Date(at).toISOString(),
      actorId: pick(ACTORS),
      actorName: 'Someone',
      actorRoleId: pick([1, 2]),
      organizationId: pick(ORGANIZATIONS),
      resource,
      action: pick(['create', 'update', 'delete']),
      recordId: pick(RECORDS),
      before: random() < 0.5 ? null : { name: 'before' },
      after: { name: `after ${i}` },
      reason: '',
    });
  }
  // Written in time order (ties by id), as the log is.
  return entries.sort(compareAuditEntries);
}

const query = listQuery({ sort: 'at' });
const FILTERS = { resource: RESOURCES, actorId: ACTORS, organizationId: ORGANIZATIONS.filter(Boolean), recordId: RECORDS };

/** A case's audit query: its filters as the request's values, a one-organization scope as the trail's scope. */
function auditQueryOf(listCase: ListCase): AuditListQuery {
  const { filters } = listCase.query;
  const scope = listCase.scope === 'all' ? {} : { organizationId: listCase.scope[0] ?? '' };
  return auditListQuery((name) => filters[name] ?? [], listCase.query, scope);
}

function queries(): ListCase[] {
  const out: ListCase[] = [];
  for (const page of [1, 2, 7, 24, 25]) out.push({ query: query({ page, pageSize: 25 }), scope: 'all' });
  out.push({ query: query({ pageSize: 100, page: 6 }), scope: 'all' });
  out.push({ query: query({ pageSize: 1, page: 600 }), scope: 'all' });
  out.push({ query: query({ pageSize: 1000 }), scope: 'all' });
  for (const [key, values] of Object.entries(FILTERS)) {
    for (const value of values) out.push({ query: query({ filters: { [key]: [value] }, pageSize: 1000 }), scope: 'all' });
    out.push({ query: query({ filters: { [key]: values.slice(0, 2) }, page: 2, pageSize: 13 }), scope: 'all' });
  }
  out.push({ query: query({ filters: { resource: ['none'] } }), scope: 'all' });
  for (const organization of ORGANIZATIONS) {
    out.push({ query: query({ pageSize: 1000 }), scope: [organization] });
    out.push({ query: query({ filters: { resource: ['user'] }, page: 2, pageSize: 5 }), scope: [organization] });
    // The scope fixes the organization whatever the request asks.
    out.push({ query: query({ filters: { organizationId: ['1', '2'] }, pageSize: 1000 }), scope: [organization] });
  }
  // Per-record trails (resource and record), and every filter at once.
  for (const resource of RESOURCES) {
    for (const record of RECORDS) out.push({ query: query({ filters: { resource: [resource], recordId: [record] } }), scope: 'all' });
  }
  out.push({ query: query({ filters: { resource: ['user', 'command'], actorId: ['1', '3'], recordId: ['9', '10'] } }), scope: ['2'] });
  out.push({
    query: query({ filters: { actorId: [ACTORS[3] as string], organizationId: ['10', '1'] }, page: 2, pageSize: 4 }),
    scope: 'all',
  });
  // PostgreSQL text holds no NUL: a value with one matches no entry, as in memory.
  out.push({ query: query({ filters: { actorId: ['1\0'] } }), scope: 'all' });
  out.push({ query: query({ filters: { recordId: ['9', '10\0'], resource: ['user'] } }), scope: 'all' });
  return out;
}

const records = generateEntries();
const cases = queries();

describeListParity({
  what: 'audit',
  table: {
    collection: AUDIT_LOG,
    metaKey: 'auditList',
    // The entries stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(`UPDATE audit_log SET at_key = '', id_key = ''`);
    },
    ensure: ensureAuditKeys,
  },
  records,
  cases,
  memory: (db) => (c) => memoryAuditLog(db).list(auditQueryOf(c)),
  sql: (sql) => (c) => createSqlAuditList<AuditRow>(sql).list(auditQueryOf(c)),
  // The same entries written out of time order: the memory list sorts them, and answers alike.
  async alsoAlike(_db, sql) {
    const shuffled = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    try {
      const random = createRandom(31);
      const order = [...records];
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as AuditRow, order[i] as AuditRow];
      }
      const rows = table<AuditRow>(shuffled.db, AUDIT_LOG);
      for (const record of order) rows.insert(record);
      for (const listCase of cases) {
        const [expected, actual] = await Promise.all([
          memoryAuditLog(shuffled.db).list(auditQueryOf(listCase)),
          createSqlAuditList<AuditRow>(sql).list(auditQueryOf(listCase)),
        ]);
        const label = `shuffled ${JSON.stringify(listCase)}`;
        expect(actual.total, label).toBe(expected.total);
        expect(
          actual.rows.map((row) => row.id),
          label,
        ).toEqual(expected.rows.map((row) => row.id));
      }
    } finally {
      shuffled.shutdown();
    }
  },
  change: {
    apply: (entry): AuditRow => ({ ...entry, recordId: 'changed-record', resource: 'user' }),
    finds: { query: query({ filters: { recordId: ['changed-record'] } }), scope: 'all' },
    includes: { query: query({ filters: { resource: ['user'] }, pageSize: COUNT }), scope: 'all' },
  },
});
