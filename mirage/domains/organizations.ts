import { table, type MirageDb } from '../db';
import type { OrganizationCountRepository } from '../../core/organization-counts';
import type { UserRow } from '../http';
import { filterAndSort } from '../list';
import type { MirageContext, MirageDomain } from '../types';
import { createRandom } from '../../core/random';
import {
  ORGANIZATION_LIST_SPEC,
  type OrganizationListRepository,
  type OrganizationListRow,
  type OrganizationStatus,
} from '../../core/organization-list';
import { normalizeOrg, orgTable, organizationStore, type OrgRow, type StoredOrg } from '../organization-store';

/**
 * The organizations' rows in the browser (docs/organizations.md): their list and counts over the rows in
 * memory, and the seed. Their operations are the API app's (api/routes/organizations.ts), the same code on
 * both backends.
 */

export type { OrgRow } from '../organization-store';

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

/** The counts of the rows in memory (the embedded backend's). */
export const organizationCountStore = (db: MirageDb): OrganizationCountRepository => memoryOrganizationCounts(db);

async function listRows(db: MirageDb): Promise<OrganizationListRow[]> {
  const c = await organizationCountStore(db).all();
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
      const matched = filterAndSort(await listRows(db), query, ORGANIZATION_LIST_SPEC);
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

/** The list of the rows in memory (the embedded backend's). */
export const organizationListStore = (db: MirageDb): OrganizationListRepository<StoredOrg> => memoryOrganizationList(db);

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
  // Its operations are the API app's (api/routes/organizations.ts).
  routes: () => undefined,
};
