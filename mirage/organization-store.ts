import type { OrganizationRepository } from '../core/organizations';
import type { OrganizationInput } from '../core/organization-input';
import type { OrganizationStatus } from '../core/organization-list';
import { compareIds } from '../core/record-ids';
import { table, type MirageDb } from './db';
import type { OrganizationRow } from './domains/accounts';
import { repositorySlot, tableWrites } from './repository-slot';

/** The stored row: the auth seed's fields plus the administration fields (filled in by the organizations' seed). */
export interface OrgRow extends OrganizationRow, Omit<OrganizationInput, 'name'> {
  status: OrganizationStatus;
  statusReason: string;
  updatedAt: string;
  /** Raised by every change made through the API (core/versions.ts); absent before versions: 1. */
  version?: number;
  /** Who made the last change through the API. */
  updatedBy?: string;
}

/** An organization as stored: rows written before the administration fields existed lack them (normalizeOrg). */
export type StoredOrg = OrganizationRow & Partial<OrgRow>;

export const ORGANIZATIONS = 'organizations';
export const orgTable = (db: MirageDb) => table<StoredOrg>(db, ORGANIZATIONS);

/** Rows written before the organizations' domain existed (or by another tab's older build) get defaults. */
export function normalizeOrg(row: StoredOrg): OrgRow {
  return {
    ...row,
    code: row.code ?? codeFrom(row.name, String(row.id)),
    contactEmail: row.contactEmail ?? `contact@${row.domain || 'example.test'}`,
    phone: row.phone ?? '',
    address: row.address ?? '',
    timezone: row.timezone ?? 'UTC',
    status: row.status ?? 'active',
    statusReason: row.statusReason ?? '',
    seatLimit: row.seatLimit ?? 100,
    screenshotPolicy: row.screenshotPolicy ?? { enabled: true, intervalMinutes: 15, retentionDays: 30 },
    updatedAt: row.updatedAt ?? row.createdAt,
  };
}

function codeFrom(name: string, id: string): string {
  const letters = name
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  return `${letters || 'ORG'}${id}`.slice(0, 16);
}

/** The embedded backend's organizations: the rows in memory (the server's are PostgreSQL's, server/db/organizations.ts). */
export function memoryOrganizations(db: MirageDb): OrganizationRepository<StoredOrg> {
  const rows = () => orgTable(db);
  return {
    get: (id) => Promise.resolve(rows().find(id) ?? undefined),
    getMany(ids) {
      const wanted = new Set(ids);
      return Promise.resolve(rows().where((o) => wanted.has(String(o.id))));
    },
    all: () =>
      Promise.resolve(
        rows()
          .all()
          .sort((a, b) => compareIds(a.id, b.id)),
      ),
    count: () => Promise.resolve(rows().count()),
    ...tableWrites(rows),
  };
}

const slot = repositorySlot('organizations', memoryOrganizations);

export const organizationStore = slot.get;

/** Why the organization keeps its members from signing in (not active), or null. Unknown organizations count as active. */
export async function organizationBlocksSignIn(
  db: MirageDb,
  organizationId: string | number | null | undefined,
): Promise<OrganizationStatus | null> {
  if (organizationId === null || organizationId === undefined || organizationId === '') return null;
  const row = await organizationStore(db).get(String(organizationId));
  if (!row) return null;
  const status = row.status ?? 'active';
  return status === 'active' ? null : status;
}
