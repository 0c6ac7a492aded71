import type { OrganizationRepository } from '../../core/organizations';
import { compareIds } from '../../core/record-ids';
import type { StoredOrg } from '../../mirage/organization-store';
import { newRecordId } from '../../mirage/record-ids';
import { ORGANIZATION_COLUMNS, ORGANIZATIONS, organizationOf, type OrganizationColumns } from './organization-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The server's OrganizationRepository (core/organizations.ts) on the organizations' table
 * (organization-table.ts). A write stores an organization whole through the store's writeBatch; the
 * database refuses a second organization of one code (organizations_code_unique). There are few (1,000 at
 * the large seed): `all` reads them whole and orders them as the embedded backend does.
 */
export function createSqlOrganizations(sql: Queryable, writeBatch: WriteBatch): OrganizationRepository<StoredOrg> {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<OrganizationColumns>(`SELECT ${ORGANIZATION_COLUMNS} FROM organizations o ${where}`, [...values])).rows.map(
      organizationOf,
    );
  const put = async (record: StoredOrg): Promise<StoredOrg> => {
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: ORGANIZATIONS, put: [record], deleted: [] }]);
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
      if (rows.length > 0) await writeBatch(tx, [{ collection: ORGANIZATIONS, put: [], deleted: [id] }]);
    },
  };
}
