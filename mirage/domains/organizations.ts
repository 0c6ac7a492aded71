import { table, type MirageDb } from '../db';
import { urlRuleStore } from './url-restrictions';
import type { OrganizationCountRepository, OrganizationCounts } from '../../core/organization-counts';
import { sessionStore } from '../sessions';
import {
  inputStatus,
  inputRefusal,
  errorAnswer,
  errorResponse,
  permits,
  isRecord,
  json,
  jsonVersioned,
  parseBody,
  staleWriteRefusal,
  subjectOf,
  withAuth,
  type UserRow,
} from '../http';
import { bulkVersionsOf, changedSince, versionOf } from '../../core/versions';
import { can } from '../../machines/permissions/can';
import { filterAndSort, idsOf, readListParams, type ListSpec } from '../list';
import type { MirageContext, MirageDomain } from '../types';
import { auditPage, recordAudit } from './audit';
import { readOrganizationInput as readOrgInput, type OrganizationInput } from '../../core/organization-input';
import type { OrganizationRow } from './accounts';
import { createRandom } from '../../core/random';
import { ORGANIZATION_STATUSES, type OrganizationListRepository, type OrganizationStatus } from '../../core/organization-list';
import { normalizeOrg, orgTable, organizationStore, type OrgRow, type StoredOrg } from '../organization-store';
import { userStore } from '../user-store';
import { givenRepository } from '../given-repositories';

/**
 * Organizations under /api/organizations (see docs/organizations.md): list with paging, sort, filters
 * and search, CSV-export data, create/update with server validation, suspend/activate/archive with a
 * reason (bulk too), delete (refused while the organization has users or units) and its audit trail.
 */

export type { OrganizationStatus } from '../../core/organization-list';
export type { OrgRow } from '../organization-store';

/** What the API answers for an organization: the stored fields (core/organization-input.ts's) and the counts. */
export interface OrganizationView extends OrganizationInput {
  id: string;
  status: OrganizationStatus;
  statusReason: string;
  createdAt: string;
  updatedAt: string;
  unitCount: number;
  userCount: number;
  /** Raised by every change made through the API (If-Match). */
  version: number;
  /** Who made the last change through the API, when known. */
  updatedBy?: string;
}

// --- derived counts -------------------------------------------------------------------------------

interface Counts {
  users: Map<string, number>;
  units: Map<string, number>;
}

/** One pass over users and units (O(users + units) per request, never per organization). */
function counts(db: MirageDb): Counts {
  const users = new Map<string, number>();
  for (const u of table<UserRow>(db, 'users').all()) {
    const key = String(u.organizationId);
    users.set(key, (users.get(key) ?? 0) + 1);
  }
  const units = new Map<string, number>();
  for (const u of table<{ id: string; organizationId: string }>(db, 'serviceUnits').all()) {
    const key = String(u.organizationId);
    units.set(key, (units.get(key) ?? 0) + 1);
  }
  return { users, units };
}

/** The embedded backend's counts: its rows in memory (the server's are SQL, server/db/organization-counts.ts). */
export function memoryOrganizationCounts(db: MirageDb): OrganizationCountRepository {
  return {
    all: () => Promise.resolve(counts(db)),
    of: (id) =>
      Promise.resolve({
        userCount: table<UserRow>(db, 'users').where((u) => String(u.organizationId) === id).length,
        unitCount: table<{ id: string; organizationId: string }>(db, 'serviceUnits').where((u) => String(u.organizationId) === id).length,
      }),
  };
}

const countStore = (db: MirageDb): OrganizationCountRepository =>
  givenRepository<ReturnType<typeof memoryOrganizationCounts>>(db, 'organizationCounts') ?? memoryOrganizationCounts(db);
const countsFor = (db: MirageDb, id: string): Promise<OrganizationCounts> => countStore(db).of(id);

export function toOrgView(raw: OrganizationRow, c: OrganizationCounts): OrganizationView {
  const row = normalizeOrg(raw);
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    timezone: row.timezone,
    status: row.status,
    statusReason: row.statusReason,
    seatLimit: row.seatLimit,
    screenshotPolicy: { ...row.screenshotPolicy },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    unitCount: c.unitCount,
    userCount: c.userCount,
    version: versionOf(row),
    ...(row.updatedBy ? { updatedBy: row.updatedBy } : {}),
  };
}

/** What the audit log keeps of an organization. */
function auditShape(row: OrgRow): Record<string, unknown> {
  const { id: _id, ...rest } = row;
  return { ...rest, screenshotPolicy: { ...row.screenshotPolicy } };
}

type Decorated = OrgRow & { userCount: number; unitCount: number };

/** Rows of the export at most (GET /api/organizations/export). */
const EXPORT_LIMIT = 20_000;

const LIST_SPEC: ListSpec<Decorated> = {
  sortBy: {
    name: (o) => o.name,
    code: (o) => o.code,
    status: (o) => ORGANIZATION_STATUSES.indexOf(o.status),
    seatLimit: (o) => o.seatLimit,
    unitCount: (o) => o.unitCount,
    userCount: (o) => o.userCount,
    timezone: (o) => o.timezone,
    createdAt: (o) => o.createdAt,
  },
  defaultSort: 'name',
  filters: { status: (o, values) => values.includes(o.status) },
  searchIn: (o) => [o.name, o.code, o.contactEmail],
  maxPageSize: 100,
};

async function decoratedRows(db: MirageDb): Promise<Decorated[]> {
  const c = await countStore(db).all();
  return (await organizationStore(db).all()).map((raw) => {
    const row = normalizeOrg(raw);
    const id = String(row.id);
    return { ...row, userCount: c.users.get(id) ?? 0, unitCount: c.units.get(id) ?? 0 };
  });
}

/** The organizations' list as the rows in memory. */
export function memoryOrganizationList(db: MirageDb): OrganizationListRepository<OrgRow> {
  return {
    async list(query) {
      const matched = filterAndSort(await decoratedRows(db), query, LIST_SPEC);
      const start = (query.page - 1) * query.pageSize;
      return {
        rows: matched.slice(start, start + query.pageSize).map(({ userCount, unitCount, ...record }) => ({
          record,
          counts: { userCount, unitCount },
        })),
        total: matched.length,
      };
    },
  };
}

/** What a list store answers: stored records (older ones get their defaults here) and their counts. */
type ListedOrganization = StoredOrg;

const organizationList = (db: MirageDb): OrganizationListRepository<ListedOrganization> =>
  givenRepository<ReturnType<typeof memoryOrganizationList>>(db, 'organizationList') ?? memoryOrganizationList(db);

const listedView = ({ record, counts }: { record: ListedOrganization; counts: OrganizationCounts }): OrganizationView =>
  toOrgView(normalizeOrg(record), counts);

// --- validation: core/organization-input.ts (the form checks with the same rule) ----------------

async function duplicateCode(db: MirageDb, code: string, exceptId?: string): Promise<boolean> {
  return (await organizationStore(db).all()).some((o) => normalizeOrg(o).code === code && String(o.id) !== exceptId);
}

function reasonOf(body: unknown, required: boolean): { reason: string; error?: string } {
  const reason = isRecord(body) && typeof body['reason'] === 'string' ? body['reason'].trim() : '';
  if (required && !reason) return { reason, error: 'required' };
  if (reason.length > 500) return { reason, error: 'tooLong' };
  return { reason };
}

// --- status changes -------------------------------------------------------------------------------

/** Every open session of the organization's users ends: their next request answers 401. */
export async function revokeOrganizationSessions(db: MirageDb, organizationId: string): Promise<void> {
  await sessionStore(db).revokeOfUsers(await userStore(db).idsInOrganization(organizationId));
}

type StatusAction = 'suspend' | 'activate' | 'archive';
const TARGET: Record<StatusAction, OrganizationStatus> = { suspend: 'suspended', activate: 'active', archive: 'archived' };
const ALLOWED_FROM: Record<StatusAction, readonly OrganizationStatus[]> = {
  suspend: ['active'],
  activate: ['suspended', 'archived'],
  archive: ['active', 'suspended'],
};

type Outcome = { ok: true; row: OrgRow } | { ok: false; status: number; message: string; errors?: Record<string, string> };

async function changeStatus(db: MirageDb, user: UserRow, id: string, action: StatusAction, reason: string, now: number): Promise<Outcome> {
  const raw = await organizationStore(db).get(id);
  if (!raw) return { ok: false, status: 404, message: 'Organization not found' };
  const before = normalizeOrg(raw);
  if (!permits(user, action, 'organization', { organizationId: id })) return { ok: false, status: 403, message: 'Forbidden' };
  if (action !== 'activate' && id === String(user.organizationId)) {
    return {
      ok: false,
      status: 409,
      message: 'You cannot suspend or archive your own organization.',
      errors: { status: 'ownOrganization' },
    };
  }
  if (!ALLOWED_FROM[action].includes(before.status)) {
    return { ok: false, status: 409, message: `The organization is ${before.status}.`, errors: { status: 'invalidTransition' } };
  }
  const after = await organizationStore(db).update(id, {
    ...before,
    status: TARGET[action],
    statusReason: reason,
    updatedAt: new Date(now).toISOString(),
    // A change of status is a change: an edit or a bulk that read the older version is refused.
    version: versionOf(raw) + 1,
    updatedBy: user.displayName,
  });
  if (action !== 'activate') await revokeOrganizationSessions(db, id);
  recordAudit(db, now, {
    actor: user,
    organizationId: id,
    resource: 'organization',
    action,
    recordId: id,
    before: auditShape(before),
    after: auditShape(normalizeOrg(after)),
    reason,
  });
  return { ok: true, row: normalizeOrg(after) };
}

async function answer(outcome: Outcome, db: MirageDb) {
  if (!outcome.ok) return errorResponse(outcome.status, outcome.message, outcome.errors);
  return json(200, toOrgView(outcome.row, await countsFor(db, String(outcome.row.id))));
}

// --- routes ---------------------------------------------------------------------------------------

const notFound = () => errorResponse(404, 'Organization not found');
const forbidden = () => errorResponse(403, 'Forbidden');

function routes(server: Parameters<MirageDomain['routes']>[0], ctx: MirageContext): void {
  const authed = (handler: Parameters<typeof withAuth>[1]) => withAuth(server, handler);
  const canList = (user: UserRow) => permits(user, 'read', 'organization', { organizationId: String(user.organizationId) });

  server.get(
    '/organizations',
    authed(async ({ db, request, user }) => {
      if (!canList(user)) return forbidden();
      const params = readListParams(request, LIST_SPEC);
      const { rows, total } = await organizationList(db).list(params);
      return json(200, { items: rows.map(listedView), total, page: params.page, pageSize: params.pageSize });
    }),
  );

  // Small id/name/code list for pickers: `search` (name or code) and/or `ids`, at most `limit` (≤ 2000, default 50) rows.
  server.get(
    '/organizations/options',
    authed(async ({ db, request, user }) => {
      if (!canList(user)) return forbidden();
      const url = new URL(request.url, 'http://localhost');
      const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter((v) => v !== '');
      const organizations = ids.length > 0 ? await organizationStore(db).getMany(ids) : await organizationStore(db).all();
      const rows = organizations
        .map(normalizeOrg)
        .filter((o) => ids.length > 0 || !search || o.name.toLowerCase().includes(search) || o.code.toLowerCase().includes(search))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, Math.min(2000, Math.max(1, Number(url.searchParams.get('limit')) || 50)));
      return json(200, { items: rows.map((o) => ({ id: String(o.id), name: o.name, code: o.code, status: o.status })) });
    }),
  );

  // CSV export data: every row matching the list's filters, search and sort, without paging.
  server.get(
    '/organizations/export',
    authed(async ({ db, request, user }) => {
      if (!canList(user) || !permits(user, 'export', 'organization', { organizationId: String(user.organizationId) })) return forbidden();
      const params = readListParams(request, LIST_SPEC);
      const { rows, total } = await organizationList(db).list({ ...params, page: 1, pageSize: EXPORT_LIMIT });
      return json(200, { items: rows.map(listedView), total });
    }),
  );

  server.get(
    '/organizations/:id',
    authed(async ({ db, request, user }) => {
      const id = String(request.params['id']);
      const row = await organizationStore(db).get(id);
      if (!row) return notFound();
      if (!permits(user, 'read', 'organization', { organizationId: id })) return forbidden();
      return jsonVersioned(200, toOrgView(row, await countsFor(db, id)), versionOf(row));
    }),
  );

  server.get(
    '/organizations/:id/audit',
    authed(async ({ db, request, user }) => {
      const id = String(request.params['id']);
      if (!(await organizationStore(db).get(id))) return notFound();
      const decision = can(subjectOf(user), 'read', 'auditLog', { organizationId: id });
      if (!decision.allowed) {
        // Another organization's trail does not exist for whoever reads only their own.
        return decision.reason === 'otherOrganization' ? notFound() : forbidden();
      }
      return json(200, await auditPage(db, request, { organizationId: id, resource: 'organization', recordId: id }));
    }),
  );

  server.post(
    '/organizations',
    authed(async ({ db, request, user }) => {
      if (!permits(user, 'create', 'organization', {})) return forbidden();
      const { value, errors } = readOrgInput(parseBody(request));
      if (!errors['code'] && (await duplicateCode(db, value.code))) errors['code'] = 'duplicateCode';
      const first = Object.keys(errors)[0];
      if (first) return inputRefusal(errors);
      const now = ctx.now();
      const at = new Date(now).toISOString();
      const row = await organizationStore(db).insert({
        ...value,
        domain: value.contactEmail.split('@')[1] ?? '',
        status: 'active',
        statusReason: '',
        createdAt: at,
        updatedAt: at,
      });
      recordAudit(db, now, {
        actor: user,
        organizationId: row.id,
        resource: 'organization',
        action: 'create',
        recordId: row.id,
        before: null,
        after: auditShape(normalizeOrg(row)),
      });
      return json(201, toOrgView(row, { userCount: 0, unitCount: 0 }));
    }),
  );

  server.put(
    '/organizations/:id',
    authed(async ({ db, request, user }) => {
      const id = String(request.params['id']);
      const raw = await organizationStore(db).get(id);
      if (!raw) return notFound();
      const before = normalizeOrg(raw);
      if (!permits(user, 'update', 'organization', { organizationId: id })) return forbidden();
      const stale = staleWriteRefusal(request, versionOf(raw), toOrgView(raw, await countsFor(db, id)));
      if (stale) return stale;
      const { value, errors } = readOrgInput(parseBody(request));
      // Licensing fields belong to the super admin: an admin editing their organization keeps them.
      if (
        (value.code !== before.code || value.seatLimit !== before.seatLimit) &&
        !permits(user, 'changeLicense', 'organization', { organizationId: id })
      ) {
        return errorResponse(403, 'Only a super admin may change the code or the seat limit.');
      }
      if (!errors['code'] && (await duplicateCode(db, value.code, id))) errors['code'] = 'duplicateCode';
      const c = await countsFor(db, id);
      if (!errors['seatLimit'] && value.seatLimit < c.unitCount) errors['seatLimit'] = 'belowUnitCount';
      if (Object.keys(errors).length > 0) {
        return errorAnswer(inputStatus(errors), 'Validation failed', { errors, unitCount: c.unitCount });
      }
      const now = ctx.now();
      const after = normalizeOrg(
        await organizationStore(db).update(id, {
          ...value,
          updatedAt: new Date(now).toISOString(),
          version: versionOf(raw) + 1,
          updatedBy: user.displayName,
        }),
      );
      recordAudit(db, now, {
        actor: user,
        organizationId: id,
        resource: 'organization',
        action: 'update',
        recordId: id,
        before: auditShape(before),
        after: auditShape(after),
      });
      return jsonVersioned(200, toOrgView(after, c), versionOf(after));
    }),
  );

  for (const action of ['suspend', 'activate', 'archive'] as const) {
    server.post(
      `/organizations/:id/${action}`,
      authed(async ({ db, request, user }) => {
        const { reason, error } = reasonOf(parseBody(request), action !== 'archive');
        const id = String(request.params['id']);
        if (!(await organizationStore(db).get(id))) return notFound();
        if (!permits(user, action, 'organization', { organizationId: id })) return forbidden();
        if (error) return errorResponse(422, 'Validation failed', { reason: error });
        return answer(await changeStatus(db, user, id, action, reason, ctx.now()), db);
      }),
    );
  }

  // Bulk suspend / activate: { ids, action: 'suspend'|'activate', reason }. All or nothing on
  // permission and existence; rows already in the target status (or the caller's own
  // organization for suspend) are skipped and reported.
  server.post(
    '/organizations/bulk-status',
    authed(async ({ db, request, user }) => {
      const body = parseBody(request);
      const action = isRecord(body) ? body['action'] : undefined;
      if (action !== 'suspend' && action !== 'activate') return errorResponse(422, 'Validation failed', { action: 'required' });
      if (!permits(user, action, 'organization', {})) return forbidden();
      const ids = idsOf(body);
      if (!ids || ids.length === 0) return errorResponse(422, 'Validation failed', { ids: 'required' });
      if (ids.length > 1000) return errorResponse(422, 'Validation failed', { ids: 'tooMany' });
      const { reason, error } = reasonOf(body, true);
      if (error) return errorResponse(422, 'Validation failed', { reason: error });
      const found = new Map((await organizationStore(db).getMany(ids)).map((row) => [String(row.id), row]));
      if (found.size < new Set(ids).size) return notFound();
      // An organization whose version is not the one the list showed is left as it is and answered as it is now.
      const versions = bulkVersionsOf(body);
      const updated: string[] = [];
      const skipped: string[] = [];
      const changedElsewhere: OrganizationView[] = [];
      for (const id of ids) {
        const row = found.get(id);
        if (row && changedSince(versions, id, row)) {
          changedElsewhere.push(toOrgView(row, await countsFor(db, id)));
          continue;
        }
        const outcome = await changeStatus(db, user, id, action, reason, ctx.now());
        (outcome.ok ? updated : skipped).push(id);
      }
      return json(200, { updated: updated.length, skipped: skipped.length, skippedIds: skipped, changedElsewhere });
    }),
  );

  server.delete(
    '/organizations/:id',
    authed(async ({ db, request, user }) => {
      const id = String(request.params['id']);
      const raw = await organizationStore(db).get(id);
      if (!raw) return notFound();
      if (!permits(user, 'delete', 'organization', { organizationId: id })) return forbidden();
      const c = await countsFor(db, id);
      const stale = staleWriteRefusal(request, versionOf(raw), toOrgView(raw, c));
      if (stale) return stale;
      if (c.userCount > 0 || c.unitCount > 0) {
        return errorAnswer(
          409,
          `The organization still has ${c.userCount} users and ${c.unitCount} units. Remove them first, or archive the organization.`,
          {
            errors: { organization: 'notEmpty' },
            userCount: c.userCount,
            unitCount: c.unitCount,
          },
        );
      }
      // Its URL rules go with it (the server's schema cascades the same way).
      const rules = urlRuleStore(db);
      for (const rule of await rules.all([id])) await rules.remove(String(rule.id));
      await organizationStore(db).remove(id);
      recordAudit(db, ctx.now(), {
        actor: user,
        organizationId: id,
        resource: 'organization',
        action: 'delete',
        recordId: id,
        before: auditShape(normalizeOrg(raw)),
        after: null,
      });
      return json(204);
    }),
  );
}

// --- seed -----------------------------------------------------------------------------------------

const DEMO_DETAILS: Record<string, Partial<OrgRow>> = {
  'Acme Logistics': {
    code: 'ACME',
    contactEmail: 'it@acme.example',
    phone: '+1 555 0100',
    address: '1 Harbour Road, Rotterdam',
    timezone: 'Europe/Amsterdam',
    seatLimit: 120,
    screenshotPolicy: { enabled: true, intervalMinutes: 10, retentionDays: 30 },
  },
  'Globex Retail': {
    code: 'GLOBEX',
    contactEmail: 'ops@globex.example',
    phone: '+1 555 0200',
    address: '200 Market Street, Springfield',
    timezone: 'America/Chicago',
    seatLimit: 60,
    screenshotPolicy: { enabled: true, intervalMinutes: 30, retentionDays: 14 },
  },
};

const EXTRA_ORGS: readonly { name: string; code: string; timezone: string; status: OrganizationStatus; reason?: string }[] = [
  { name: 'Initech Services', code: 'INITECH', timezone: 'America/New_York', status: 'active' },
  { name: 'Umbrella Health', code: 'UMBRELLA', timezone: 'Europe/Berlin', status: 'suspended', reason: 'Invoice overdue' },
  { name: 'Stark Manufacturing', code: 'STARK', timezone: 'America/Los_Angeles', status: 'active' },
  { name: 'Wayne Enterprises', code: 'WAYNE', timezone: 'Europe/London', status: 'archived', reason: 'Contract ended' },
];

const NAME_PARTS = {
  first: [
    'Northern',
    'Blue',
    'Silver',
    'Prime',
    'Green',
    'Summit',
    'Atlas',
    'Harbor',
    'Vertex',
    'Pioneer',
    'Golden',
    'Coastal',
    'Metro',
    'Alpine',
    'Sterling',
  ],
  second: [
    'Freight',
    'Retail',
    'Health',
    'Foods',
    'Energy',
    'Systems',
    'Logistics',
    'Motors',
    'Textiles',
    'Pharma',
    'Media',
    'Labs',
    'Works',
    'Supply',
    'Capital',
  ],
  suffix: ['Inc', 'GmbH', 'SA', 'Ltda', 'Ltd', 'Group', 'Co'],
};
const TIMEZONES = [
  'UTC',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Lisbon',
  'America/Sao_Paulo',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
];

export const LARGE_ORGANIZATION_COUNT = 1000;

function seed(db: MirageDb, ctx: MirageContext): void {
  const orgs = orgTable(db);
  const existing = orgs.all();
  for (const row of existing) {
    orgs.update(row.id, { ...normalizeOrg(row), ...(DEMO_DETAILS[row.name] ?? {}) });
  }
  if (ctx.seed === 'large') {
    // Acme holds the large seed's 10,000 units: its licence covers them.
    const acme = existing.find((o) => o.name === 'Acme Logistics');
    if (acme) orgs.update(acme.id, { seatLimit: 12_000 });
  }
  const now = ctx.now();
  const day = 86_400_000;
  const rows: Omit<OrgRow, 'id'>[] = [];
  EXTRA_ORGS.forEach((o, i) => {
    const at = new Date(now - (200 - i * 20) * day).toISOString();
    rows.push({
      name: o.name,
      domain: `${o.code.toLowerCase()}.example`,
      code: o.code,
      contactEmail: `admin@${o.code.toLowerCase()}.example`,
      phone: `+1 555 03${String(i).padStart(2, '0')}`,
      address: '',
      timezone: o.timezone,
      status: o.status,
      statusReason: o.reason ?? '',
      seatLimit: 25 + i * 10,
      screenshotPolicy: { enabled: i % 2 === 0, intervalMinutes: 15, retentionDays: 30 },
      createdAt: at,
      updatedAt: at,
    });
  });
  if (ctx.seed === 'large') {
    const rand = createRandom(4242);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const target = LARGE_ORGANIZATION_COUNT - existing.length - rows.length;
    for (let i = 0; i < target; i += 1) {
      const name = `${pick(NAME_PARTS.first)} ${pick(NAME_PARTS.second)} ${i + 1} ${pick(NAME_PARTS.suffix)}`;
      const code = `ORG${String(i + 1).padStart(4, '0')}`;
      const r = rand();
      const at = new Date(now - Math.floor(rand() * 900) * day).toISOString();
      rows.push({
        name,
        domain: `${code.toLowerCase()}.example`,
        code,
        contactEmail: `contact@${code.toLowerCase()}.example`,
        phone: `+1 555 ${String(1000 + (i % 9000)).padStart(4, '0')}`,
        address: '',
        timezone: pick(TIMEZONES),
        status: r < 0.9 ? 'active' : r < 0.97 ? 'suspended' : 'archived',
        statusReason: r < 0.9 ? '' : 'Seeded',
        seatLimit: 50 + Math.floor(rand() * 20) * 25,
        screenshotPolicy: { enabled: rand() < 0.8, intervalMinutes: pick([5, 10, 15, 30, 60]), retentionDays: pick([7, 14, 30, 90]) },
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  orgs.insertMany(rows);
}

export const organizationsDomain: MirageDomain = {
  name: 'organizations',
  seed,
  routes,
};
