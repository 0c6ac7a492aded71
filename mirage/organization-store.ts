import {
  normalizeOrganization,
  type OrganizationRecord,
  type OrganizationRepository,
  type StoredOrganization,
} from '../core/organizations';
import { compareIds } from '../core/record-ids';
import { table, type MirageDb } from './db';
import { tableWrites } from './table-writes';

/** The stored row (core/organizations.ts): the auth seed's fields plus the administration fields. */
export type OrgRow = OrganizationRecord;

/** An organization as stored: rows written before the administration fields existed lack them (normalizeOrg). */
export type StoredOrg = StoredOrganization;

export const ORGANIZATIONS = 'organizations';
export const orgTable = (db: MirageDb) => table<StoredOrg>(db, ORGANIZATIONS);

export const normalizeOrg = normalizeOrganization;

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
    first: () =>
      Promise.resolve(
        rows()
          .all()
          .reduce<StoredOrg | undefined>((earliest, o) => (earliest && compareIds(earliest.id, o.id) <= 0 ? earliest : o), undefined),
      ),
    count: () => Promise.resolve(rows().count()),
    ...tableWrites(rows),
  };
}

/** The organizations in memory (the embedded backend's). */
export const organizationStore = (db: MirageDb): OrganizationRepository<StoredOrg> => memoryOrganizations(db);
