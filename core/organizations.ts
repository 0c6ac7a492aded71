import type { OrganizationInput } from './organization-input';
import type { OrganizationStatus } from './organization-list';

/** An organization as stored, with the administration fields (api/services/organizations.ts has its rules). */
export interface OrganizationRecord extends OrganizationInput {
  id: string | number;
  domain: string;
  createdAt: string;
  status: OrganizationStatus;
  statusReason: string;
  updatedAt: string;
  /** Raised by every change made through the API (core/versions.ts); absent before versions: 1. */
  version?: number;
  /** Who made the last change through the API. */
  updatedBy?: string;
}

/** An organization as stored: rows written before the administration fields existed lack them (normalizeOrganization). */
export type StoredOrganization = Pick<OrganizationRecord, 'id' | 'name' | 'domain' | 'createdAt'> & Partial<OrganizationRecord>;

/** Rows written before the organizations' domain existed (or by another tab's older build) get defaults. */
export function normalizeOrganization(row: StoredOrganization): OrganizationRecord {
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

/**
 * The organizations' records behind one async repository: every rule that reads or writes an organization
 * (its record and status changes, a sign-in's check of its status, a user's organization, the pickers,
 * the dashboard and the prediction report) goes through it. The embedded backend's is the rows in memory
 * (mirage/domains/organizations.ts); the server's is PostgreSQL (server/db/organizations.ts), so no server
 * process holds them in memory. The list and its counts have their own repositories (organization-list.ts,
 * organization-counts.ts).
 *
 * `T` is the stored row (older rows lack the administration fields: callers apply their defaults).
 */
export interface OrganizationRepository<T extends { id: string | number }> {
  get(id: string): Promise<T | undefined>;
  /** The stored ones of these ids, in no particular order. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** Every organization, in creation order (core/record-ids.ts's compareIds): there are few, 1,000 at the large seed. */
  all(): Promise<T[]>;
  /** The earliest organization in that order (a new registration joins it), or undefined when there is none. */
  first(): Promise<T | undefined>;
  count(): Promise<number>;
  /** Stores a new organization under a new id and answers it. */
  insert(row: Omit<T, 'id'>): Promise<T>;
  /** Changes a stored organization and answers it (the caller found it first). */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T>;
  remove(id: string): Promise<void>;
}
