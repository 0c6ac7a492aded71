import { ORGANIZATION_LIST_VERSION, organizationListEntry } from '../../core/organization-list';
import type { ScreenshotPolicy } from '../../core/organization-input';
import type { OrganizationStatus } from '../../core/organization-list';
import { normalizeOrg, type StoredOrg } from '../../mirage/organization-store';
import { searchText } from './list-table';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import { isoText, type Queryable } from './sql';

/**
 * The organizations' table (server/migrations/025_organizations.sql), with the list's keys as columns: how an
 * organization is read from it and written to it. An organization stored before the administration fields
 * existed has them null, and reads without them, as the embedded backend keeps it (normalizeOrg gives the
 * defaults).
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

/** Stores organizations whole and deletes organizations, in the caller's transaction (the store's writeBatch). */
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
