import type { OrganizationRepository } from '../../core/organizations';
import { compareIds } from '../../core/record-ids';
import type { StoredOrg } from '../../mirage/organization-store';
import { newRecordId } from '../../mirage/record-ids';
import { ORGANIZATIONS } from './organization-list';
import { collectionRecords } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';

/**
 * The organizations in PostgreSQL only: the server's OrganizationRepository (core/organizations.ts). They
 * stay records of `rows`, so a write takes a change number and `organization_list` follows it in the same
 * transaction (the row store's writeBatch); reads in a unit of work see its own writes. There are few
 * (1,000 at the large seed): `all` reads them whole and orders them as the embedded backend does.
 */

export function createSqlOrganizations(sql: Queryable, writeBatch: WriteBatch): OrganizationRepository<StoredOrg> {
  const records = collectionRecords<StoredOrg>(ORGANIZATIONS, writeBatch);
  return {
    get: (id) => records.get(reader(sql), id),
    getMany: (ids) => records.getMany(reader(sql), ids),
    async all() {
      const { rows } = await reader(sql).query<{ data: StoredOrg }>(
        `SELECT data FROM rows WHERE collection = '${ORGANIZATIONS}' AND NOT deleted`,
      );
      return rows.map((row) => row.data).sort((a, b) => compareIds(a.id, b.id));
    },
    async count() {
      const { rows } = await reader(sql).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rows WHERE collection = '${ORGANIZATIONS}' AND NOT deleted`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    insert: (row) => records.putOne({ ...row, id: newRecordId() }),
    update: (id, patch) => records.update(id, patch),
    remove: (id) => records.remove([id]),
  };
}
