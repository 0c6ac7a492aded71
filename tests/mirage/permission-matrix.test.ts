/**
 * The permission matrix (docs/permissions.md) on every endpoint of the organization-scoped resources: each
 * documented operation under these paths has an entry (resource, action) below, and is called as each role on
 * a record of the caller's organization and of the other one. The answer must be what `can()` says
 * (2xx, 403 with the reason, or 404 when the record may not even be read), every answer must match the
 * contract, and a refused call leaves the record exactly as it was.
 */
import type { Server } from '@mirage/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Resource } from '@machines/permissions/can';
import { table, type MirageDb, type Row } from '@mirage/db';
import { subjectOf, type UserRow } from '@mirage/http';
import { call, startServer, tokenFor } from '../contract/support/mirage-harness';
import { contractValidator } from '../contract/support/openapi-validator';

const SCOPED_PATHS = [
  '/api/service-units',
  '/api/processes',
  '/api/screenshots',
  '/api/capture-requests',
  '/api/url-restrictions',
  '/api/dashboard/',
  '/api/commands',
  '/api/agent-enrolments',
];

type Target = 'unit' | 'urlRule' | 'processRule' | 'process' | 'screenshot' | 'capture' | 'command';
type Fixture = Record<Target, string>;

type Entry =
  /** A list: answers 200 with only readable organizations' rows. */
  | { kind: 'list'; resource: Resource }
  /** A create in the caller's own organization. */
  | { kind: 'create'; resource: Resource; body: (n: number) => unknown }
  /** An action on one record (`{id}` in the path, or `ids` in a bulk body). */
  | { kind: 'record'; resource: Resource; action: Action; target: Target; body?: (f: Fixture, n: number) => unknown; bulk?: boolean };

const unitBody = (n: number) => ({
  name: `Matrix unit ${n}`,
  hostname: `matrix-${n}.example`,
  ipAddress: '10.9.9.9',
  operatingSystem: 'linux',
  location: 'Lab',
  description: '',
  tags: [],
  maintenance: false,
  screenshotIntervalMinutes: 15,
});
const ruleBody = (n: number) => ({
  pattern: `matrix-${n}.example`,
  matchType: 'domain',
  action: 'block',
  enabled: true,
  scope: { kind: 'all' },
  schedule: { kind: 'always' },
  reason: '',
});

/** Operation → what it does, in the matrix's words. A documented operation missing here fails the first test. */
const MATRIX: Record<string, Entry> = {
  'GET /api/service-units': { kind: 'list', resource: 'serviceUnit' },
  'GET /api/service-units/tags': { kind: 'list', resource: 'serviceUnit' },
  'GET /api/service-units/export': { kind: 'list', resource: 'serviceUnit' },
  'POST /api/service-units': { kind: 'create', resource: 'serviceUnit', body: unitBody },
  'GET /api/service-units/{id}': { kind: 'record', resource: 'serviceUnit', action: 'read', target: 'unit' },
  'PUT /api/service-units/{id}': {
    kind: 'record',
    resource: 'serviceUnit',
    action: 'update',
    target: 'unit',
    body: (_f, n) => unitBody(n),
  },
  'DELETE /api/service-units/{id}': { kind: 'record', resource: 'serviceUnit', action: 'delete', target: 'unit' },
  'POST /api/service-units/bulk-delete': { kind: 'record', resource: 'serviceUnit', action: 'delete', target: 'unit', bulk: true },
  'POST /api/service-units/bulk-maintenance': {
    kind: 'record',
    resource: 'serviceUnit',
    action: 'update',
    target: 'unit',
    bulk: true,
    body: (f) => ({ ids: [f.unit], maintenance: true }),
  },
  'GET /api/service-units/{id}/processes': { kind: 'record', resource: 'serviceUnit', action: 'read', target: 'unit' },
  'POST /api/processes/{id}/end': { kind: 'record', resource: 'serviceUnit', action: 'update', target: 'process' },
  'GET /api/service-units/{id}/process-rules': { kind: 'record', resource: 'processRule', action: 'read', target: 'unit' },
  'POST /api/service-units/{id}/process-rules': {
    kind: 'record',
    resource: 'processRule',
    action: 'create',
    target: 'unit',
    body: (_f, n) => ({ pattern: `matrix${n}*`, action: 'block', enabled: true, comment: '' }),
  },
  'PUT /api/service-units/{id}/process-rules/{ruleId}': {
    kind: 'record',
    resource: 'processRule',
    action: 'update',
    target: 'processRule',
    body: () => ({ enabled: false }),
  },
  'DELETE /api/service-units/{id}/process-rules/{ruleId}': {
    kind: 'record',
    resource: 'processRule',
    action: 'delete',
    target: 'processRule',
  },
  'GET /api/screenshots': { kind: 'list', resource: 'screenshot' },
  'GET /api/screenshots/{id}': { kind: 'record', resource: 'screenshot', action: 'read', target: 'screenshot' },
  'PATCH /api/screenshots/{id}': {
    kind: 'record',
    resource: 'screenshot',
    action: 'update',
    target: 'screenshot',
    body: () => ({ flagged: true, note: 'matrix' }),
  },
  'PUT /api/screenshots/{id}': {
    kind: 'record',
    resource: 'screenshot',
    action: 'update',
    target: 'screenshot',
    body: () => ({ flagged: true }),
  },
  'DELETE /api/screenshots/{id}': { kind: 'record', resource: 'screenshot', action: 'delete', target: 'screenshot' },
  'POST /api/screenshots/bulk-delete': { kind: 'record', resource: 'screenshot', action: 'delete', target: 'screenshot', bulk: true },
  'POST /api/service-units/{id}/capture': { kind: 'record', resource: 'screenshot', action: 'create', target: 'unit' },
  'GET /api/capture-requests/{id}': { kind: 'record', resource: 'screenshot', action: 'read', target: 'capture' },
  'GET /api/url-restrictions': { kind: 'list', resource: 'urlRule' },
  'GET /api/url-restrictions/all': { kind: 'list', resource: 'urlRule' },
  'POST /api/url-restrictions': { kind: 'create', resource: 'urlRule', body: ruleBody },
  'GET /api/url-restrictions/{id}': { kind: 'record', resource: 'urlRule', action: 'read', target: 'urlRule' },
  'PUT /api/url-restrictions/{id}': {
    kind: 'record',
    resource: 'urlRule',
    action: 'update',
    target: 'urlRule',
    body: (_f, n) => ruleBody(n),
  },
  'DELETE /api/url-restrictions/{id}': { kind: 'record', resource: 'urlRule', action: 'delete', target: 'urlRule' },
  'GET /api/dashboard/summary': { kind: 'list', resource: 'serviceUnit' },
  'GET /api/dashboard/latest-screenshots': { kind: 'list', resource: 'screenshot' },
  'GET /api/dashboard/recent-offline': { kind: 'list', resource: 'serviceUnit' },
  'GET /api/screenshots/{id}/image': { kind: 'record', resource: 'screenshot', action: 'read', target: 'screenshot' },
  'DELETE /api/service-units/{id}/agent': { kind: 'record', resource: 'serviceUnit', action: 'update', target: 'unit' },
  'GET /api/commands/{id}': { kind: 'record', resource: 'serviceUnit', action: 'read', target: 'command' },
  'POST /api/agent-enrolments': { kind: 'create', resource: 'serviceUnit', body: () => ({}) },
};

const TABLES: Record<Target, string> = {
  unit: 'serviceUnits',
  urlRule: 'urlRestrictions',
  processRule: 'processRules',
  process: 'processes',
  screenshot: 'screenshots',
  capture: 'captureRequests',
  command: 'commands',
};

const ACME = '1';
const GLOBEX = '2';
/** Admin of Acme, admin of Globex, the operator, a user of each organization, the super admin. */
const CALLERS = ['admin', 'gabe', 'operator', 'user', 'globex', 'superadmin'];

let server: Server;
const tokens: Record<string, string> = {};
let counter = 0;

function rowsOf(db: MirageDb, name: string) {
  return table<Row & Record<string, unknown>>(db, name);
}

/** Fresh records of one organization, so no call depends on another's leftovers. */
function makeFixture(db: MirageDb, organizationId: string): Fixture {
  counter += 1;
  const n = counter;
  const now = new Date().toISOString();
  // A unit with an active agent (no driver runs here: nothing changes it behind the test's back).
  const unit = rowsOf(db, 'serviceUnits').insert({
    ...unitBody(n),
    organizationId,
    name: `Fixture ${organizationId}-${n}`,
    agentVersion: '4.2.1',
    lastSeenAt: now,
    createdAt: now,
    updatedAt: now,
    agent: { kind: 'enrolled', enrolledAt: now, revokedAt: null, heartbeatIntervalS: 30, system: null, credentialHash: 'fixture' },
    announcedStatus: 'online',
  });
  const unitId = String(unit.id);
  const urlRule = rowsOf(db, 'urlRestrictions').insert({
    ...ruleBody(n),
    pattern: `fixture-${n}.example`,
    organizationId,
    createdAt: now,
    updatedAt: now,
    updatedBy: 'matrix',
  });
  const processRule = rowsOf(db, 'processRules').insert({
    serviceUnitId: unitId,
    pattern: `fixture${n}.exe`,
    action: 'allow',
    enabled: true,
    comment: '',
    createdAt: now,
  });
  const process = rowsOf(db, 'processes').insert({
    serviceUnitId: unitId,
    name: 'fixture.exe',
    pid: 40_000 + n,
    user: 'matrix',
    cpuPercent: 1,
    memoryMb: 10,
    startedAt: now,
    state: 'running',
    endedAt: null,
    endedReason: null,
  });
  const screenshot = rowsOf(db, 'screenshots').insert({
    serviceUnitId: unitId,
    organizationId,
    capturedAt: now,
    width: 1920,
    height: 1080,
    activeWindowTitle: 'Fixture',
    processName: 'fixture.exe',
    flagged: false,
    note: '',
    hasImage: true,
  });
  rowsOf(db, 'screenshotImages').insert({
    screenshotId: String(screenshot.id),
    serviceUnitId: unitId,
    contentType: 'image/png',
    data: 'iVBORw0KGgo=',
  });
  const capture = rowsOf(db, 'captureRequests').insert({
    serviceUnitId: unitId,
    organizationId,
    requestedAt: Date.now(),
    status: 'pending',
    screenshotId: null,
    failureReason: null,
  });
  const command = rowsOf(db, 'commands').insert({
    serviceUnitId: unitId,
    organizationId,
    kind: 'endProcess',
    status: 'pending',
    processId: String(process.id),
    pid: 40_000 + n,
    captureRequestId: null,
    issuedAt: now,
    issuedBy: '1',
    finishedAt: null,
    message: null,
  });
  return {
    unit: unitId,
    urlRule: String(urlRule.id),
    processRule: String(processRule.id),
    process: String(process.id),
    screenshot: String(screenshot.id),
    capture: String(capture.id),
    command: String(command.id),
  };
}

function urlOf(path: string, target: Target, fixture: Fixture): string {
  if (target === 'processRule') return path.replace('{id}', fixture.unit).replace('{ruleId}', fixture.processRule);
  return path.replace('{id}', fixture[target]);
}

function subjectNamed(username: string) {
  const row = table<UserRow>(server.db, 'users').where((u) => u.username === username)[0];
  if (!row) throw new Error(`no seeded user ${username}`);
  return subjectOf(row);
}

/** What can() says the answer is: 'ok' (2xx), 403 or 404 (the record may not even be read). */
function expected(username: string, entry: Extract<Entry, { kind: 'record' }>, organizationId: string): 'ok' | 403 | 404 {
  const subject = subjectNamed(username);
  if (!can(subject, 'read', entry.resource, { organizationId }).allowed) return 404;
  return can(subject, entry.action, entry.resource, { organizationId }).allowed ? 'ok' : 403;
}

const scopedOperations = () =>
  contractValidator()
    .operations()
    .filter((op) => SCOPED_PATHS.some((prefix) => op.path.startsWith(prefix)))
    .map((op) => `${op.method.toUpperCase()} ${op.path}`);

describe('the permission matrix on every organization-scoped endpoint', () => {
  beforeAll(async () => {
    server = await startServer({ seed: 'default' });
    for (const name of CALLERS) tokens[name] = await tokenFor(server, name);
  });
  afterAll(() => server.shutdown());

  it('has an entry for every documented operation of these resources, and none for an undocumented one', () => {
    const documented = scopedOperations();
    expect(documented.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !documented.includes(key))).toEqual([]);
  });

  describe.each(Object.entries(MATRIX))('%s', (key, entry) => {
    const [method, path] = key.split(' ') as [string, string];

    if (entry.kind === 'list') {
      it.each(CALLERS)('as %s lists only readable organizations', async (username) => {
        const answer = await call<{ items?: { organizationId?: string }[] }>(method, path, { token: tokens[username] });
        expect(answer.status).toBe(200);
        const subject = subjectNamed(username);
        for (const item of answer.body.items ?? []) {
          if (item.organizationId === undefined) continue;
          expect(can(subject, 'read', entry.resource, { organizationId: item.organizationId }).allowed).toBe(true);
        }
      });
      return;
    }

    if (entry.kind === 'create') {
      it.each(CALLERS)('as %s creates in the own organization only when can() allows it', async (username) => {
        counter += 1;
        const subject = subjectNamed(username);
        const allowed = can(subject, 'create', entry.resource, { organizationId: subject.organizationId }).allowed;
        const answer = await call<{ organizationId?: string; reason?: string }>(method, path, {
          token: tokens[username],
          body: entry.body(counter),
        });
        if (allowed) {
          expect(answer.status).toBe(201);
          expect(answer.body.organizationId).toBe(subject.organizationId);
        } else {
          expect(answer.status).toBe(403);
          expect(answer.body.reason).toBe(can(subject, 'create', entry.resource, { organizationId: subject.organizationId }).reason);
        }
      });
      return;
    }

    it.each(CALLERS.flatMap((username) => [ACME, GLOBEX].map((org) => [username, org] as const)))(
      'as %s on a record of organization %s answers what can() says',
      async (username, organizationId) => {
        const fixture = makeFixture(server.db, organizationId);
        counter += 1;
        const url = entry.bulk ? path : urlOf(path, entry.target, fixture);
        const body = entry.body ? entry.body(fixture, counter) : entry.bulk ? { ids: [fixture[entry.target]] } : undefined;
        const records = rowsOf(server.db, TABLES[entry.target]);
        const before = structuredClone(records.find(fixture[entry.target]));
        const answer = await call<{ reason?: string; deleted?: number; notFound?: number }>(method, url, { token: tokens[username], body });
        const want = expected(username, entry, organizationId);
        if (want === 'ok') {
          expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThan(300);
          return;
        }
        if (entry.bulk && entry.resource === 'screenshot' && want === 404) {
          // The screenshots' bulk delete counts unknown (and unreadable) ids instead of failing.
          expect(answer.status).toBe(200);
          expect(answer.body).toMatchObject({ deleted: 0, notFound: 1 });
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(want);
        }
        if (want === 403)
          expect(answer.body.reason).toBe(can(subjectNamed(username), entry.action, entry.resource, { organizationId }).reason);
        expect(records.find(fixture[entry.target]), 'a refused call changes nothing').toEqual(before);
      },
    );
  });

  it('a bulk action over two organizations changes only the rows the caller may change, and counts the others', async () => {
    const acme = makeFixture(server.db, ACME);
    const globex = makeFixture(server.db, GLOBEX);
    const units = rowsOf(server.db, 'serviceUnits');
    const globexUnit = structuredClone(units.find(globex.unit));
    const maintenance = await call<{ updated: number; refused: number }>('POST', '/api/service-units/bulk-maintenance', {
      token: tokens['admin'],
      body: { ids: [acme.unit, globex.unit], maintenance: true },
    });
    expect(maintenance.status).toBe(200);
    expect(maintenance.body).toEqual({ updated: 1, refused: 1, changedElsewhere: [] });
    expect(units.find(acme.unit)?.['maintenance']).toBe(true);
    expect(units.find(globex.unit)).toEqual(globexUnit);

    const shots = rowsOf(server.db, 'screenshots');
    const deleted = await call<{ deleted: number; refused: number; notFound: number }>('POST', '/api/screenshots/bulk-delete', {
      token: tokens['gabe'],
      body: { ids: [acme.screenshot, globex.screenshot, '99999999'] },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 1, refused: 1, notFound: 1 });
    expect(shots.find(globex.screenshot)).toBeUndefined();
    expect(shots.find(acme.screenshot)).toBeDefined();

    const operator = await call<{ reason: string }>('POST', '/api/service-units/bulk-delete', {
      token: tokens['operator'],
      body: { ids: [acme.unit] },
    });
    expect(operator.status).toBe(403);
    expect(operator.body.reason).toBe('readOnlyRole');
    expect(units.find(acme.unit)).toBeDefined();
  });
});
