import type { ScreenshotPolicy } from '../../core/organization-input';
import { ORGANIZATION_LIST_VERSION, organizationListEntry, type OrganizationStatus } from '../../core/organization-list';
import type { OrganizationRepository } from '../../core/organizations';
import { compareIds } from '../../core/record-ids';
import { normalizeOrg, type StoredOrg } from '../../mirage/organization-store';
import { newRecordId } from '../../mirage/record-ids';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import { searchText } from './list-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The organizations in SQL: their table (server/migrations/025_organizations.sql), with the list's keys as
 * columns; how an organization is read from it and written to it; and the server's OrganizationRepository
 * (core/organizations.ts) on it. A repository write runs its statement here, in the request's transaction.
 * The database refuses a second organization of one code (organizations_code_unique). An organization
 * stored before the administration fields existed has them null, and reads without them, as the embedded
 * backend keeps it (normalizeOrg gives the defaults). There are few (1,000 at the large seed): `all` reads
 * them whole and orders them as the embedded backend does.
 */

export const ORGANIZATIONS = 'organizations';

const iso = isoText;

/** An organization, as columns (alias `o`). */
export const ORGANIZATION_COLUMNS = `o.id, o.name, o.domain, ${iso('o.created_at')} AS created_at, o.code, o.contact_email, o.phone,
  o.address, o.timezone, o.status, o.status_reason, o.seat_limit, o.screenshot_policy, ${iso('o.updated_at')} AS updated_at,
  o.version, o.updated_by`;

export interface OrganizationColumns {
  id: string;
  name: string;
  domain: string;
  created_at: string;
  code: string | null;
  contact_email: string | null;
  phone: string | null;
  address: string | null;
  timezone: string | null;
  status: OrganizationStatus | null;
  status_reason: string | null;
  seat_limit: number | null;
  screenshot_policy: ScreenshotPolicy | null;
  updated_at: string | null;
  version: number | null;
  updated_by: string | null;
}

/** An organization as the domain reads it: the fields it has, none it lacks. */
export function organizationOf(row: OrganizationColumns): StoredOrg {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    createdAt: row.created_at,
    ...(row.code !== null ? { code: row.code } : {}),
    ...(row.contact_email !== null ? { contactEmail: row.contact_email } : {}),
    ...(row.phone !== null ? { phone: row.phone } : {}),
    ...(row.address !== null ? { address: row.address } : {}),
    ...(row.timezone !== null ? { timezone: row.timezone } : {}),
    ...(row.status !== null ? { status: row.status } : {}),
    ...(row.status_reason !== null ? { statusReason: row.status_reason } : {}),
    ...(row.seat_limit !== null ? { seatLimit: Number(row.seat_limit) } : {}),
    ...(row.screenshot_policy !== null ? { screenshotPolicy: row.screenshot_policy } : {}),
    ...(row.updated_at !== null ? { updatedAt: row.updated_at } : {}),
    ...(row.version !== null ? { version: Number(row.version) } : {}),
    ...(row.updated_by !== null ? { updatedBy: row.updated_by } : {}),
  };
}

const TYPES: Record<string, string> = {
  id: 'text',
  name: 'text',
  domain: 'text',
  created_at: 'timestamptz',
  code: 'text',
  contact_email: 'text',
  phone: 'text',
  address: 'text',
  timezone: 'text',
  status: 'text',
  status_reason: 'text',
  seat_limit: 'integer',
  screenshot_policy: 'jsonb',
  updated_at: 'timestamptz',
  version: 'integer',
  updated_by: 'text',
  id_key: 'text',
  name_key: 'text',
  code_key: 'text',
  timezone_key: 'text',
  created_key: 'text',
  list_status: 'text',
  list_seat_limit: 'integer',
  search: 'text[]',
  search_text: 'text',
};

const instant = (value: string | undefined): string | null =>
  value === undefined || Number.isNaN(Date.parse(value)) ? null : new Date(value).toISOString();

function record(row: StoredOrg): Record<string, unknown> {
  const entry = organizationListEntry(normalizeOrg(row));
  return {
    id: String(row.id),
    name: row.name,
    domain: row.domain,
    created_at: instant(row.createdAt) ?? new Date(0).toISOString(),
    code: row.code ?? null,
    contact_email: row.contactEmail ?? null,
    phone: row.phone ?? null,
    address: row.address ?? null,
    timezone: row.timezone ?? null,
    status: row.status ?? null,
    status_reason: row.statusReason ?? null,
    seat_limit: row.seatLimit ?? null,
    screenshot_policy: row.screenshotPolicy ?? null,
    updated_at: instant(row.updatedAt),
    version: row.version ?? null,
    updated_by: row.updatedBy ?? null,
    id_key: entry.idKey,
    name_key: entry.keys.name,
    code_key: entry.keys.code,
    timezone_key: entry.keys.timezone,
    created_key: entry.keys.createdAt,
    list_status: entry.status,
    list_seat_limit: entry.seatLimit,
    search: entry.search,
    search_text: searchText(entry.search),
  };
}

const UPSERT = upsertStatement('organizations', 'id', TYPES);

/** Stores organizations whole and deletes organizations, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeOrganizations(tx: Queryable, put: readonly StoredOrg[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'organizations', upsert: UPSERT, record }, put, deleted);
}

/** Computes every organization's list keys again when they were made by another version of core's projection. At start. */
export async function ensureOrganizationKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'organizationList', ORGANIZATION_LIST_VERSION, async () => {
    const { rows } = await tx.query<OrganizationColumns>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations o`);
    await writeOrganizations(tx, rows.map(organizationOf), []);
  });
}

export function createSqlOrganizations(sql: Queryable): OrganizationRepository<StoredOrg> {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<OrganizationColumns>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations o ${where}`, [...values])).rows.map(
      organizationOf,
    );
  const put = async (record: StoredOrg): Promise<StoredOrg> => {
    await writeRows(ORGANIZATIONS, writeOrganizations, [record]);
    return record;
  };
  return {
    get: async (id) => (storable(id) ? (await select('WHERE o.id = $1', [id]))[0] : undefined),
    getMany(ids) {
      const wanted = [...new Set(ids)].filter(storable);
      return wanted.length === 0 ? Promise.resolve([]) : select('WHERE o.id = ANY($1::text[])', [wanted]);
    },
    all: async () => (await select('', [])).sort((a, b) => compareIds(a.id, b.id)),
    // id_key is the id's idSortKey under COLLATE "C": its order is compareIds's.
    first: async () => (await select('ORDER BY o.id_key LIMIT 1', []))[0],
    async count() {
      const { rows } = await reader(sql).query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
      return Number(rows[0]?.n ?? 0);
    },
    insert: (row) => put({ ...row, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const existing = storable(id) ? (await select('WHERE o.id = $1 FOR UPDATE', [id], tx))[0] : undefined;
      if (!existing) throw new Error(`No organization ${id}`);
      return put({ ...existing, ...patch });
    },
    async remove(id) {
      if (!storable(id)) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM organizations WHERE id = $1', [id]);
      if (rows.length > 0) await writeRows(ORGANIZATIONS, writeOrganizations, [], [id]);
    },
  };
}
