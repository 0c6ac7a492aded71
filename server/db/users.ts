import { compareIds } from '../../core/record-ids';
import type { UserRepository } from '../../core/users';
import type { AdminUserRow } from '../../mirage/user-store';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';
import { USERS } from './user-list';

/**
 * The accounts in PostgreSQL only: the server's UserRepository (core/users.ts). They stay records of `rows`,
 * so a write takes a change number and `user_list` follows it in the same transaction (the row store's
 * writeBatch); reads in a unit of work see its own writes. Lookups go through user_list's columns (its
 * search texts are core's lower-casing) and the indexes of 019_user_lookups.sql, never a walk of 50,000 rows.
 */

/** user_list joined to the records themselves. */
const LISTED = `FROM user_list u JOIN rows r ON r.collection = '${USERS}' AND r.id = u.id AND NOT r.deleted`;
const byId = (a: AdminUserRow, b: AdminUserRow) => compareIds(a.id, b.id);

export function createSqlUsers(sql: Queryable, writeBatch: WriteBatch): UserRepository<AdminUserRow> {
  const records = collectionRecords<AdminUserRow>(USERS, writeBatch);
  const datas = (text: string, values: readonly unknown[]) => records.select(reader(sql), text, values);
  /** The one account whose stored field `field` is `value` (the first created, should there be more). */
  const withField = async (field: 'setPasswordDigest' | 'oidcSubject', value: string) => {
    if (!value || !storable(value)) return undefined;
    const found = await datas(`SELECT data FROM rows WHERE collection = '${USERS}' AND NOT deleted AND data ->> '${field}' = $1`, [value]);
    return found.sort(byId)[0];
  };
  return {
    get: (id) => records.get(reader(sql), id),
    getMany: (ids) => records.getMany(reader(sql), ids),
    async withLogin(texts) {
      const wanted = [...new Set(texts)].filter(storable);
      if (wanted.length === 0) return [];
      const found = await datas(`SELECT r.data ${LISTED} WHERE u.search[2] = ANY($1::text[]) OR u.search[3] = ANY($1::text[])`, [wanted]);
      return found.sort(byId);
    },
    withSetPasswordDigest: (digest) => withField('setPasswordDigest', digest),
    withOidcSubject: (subject) => withField('oidcSubject', subject),
    async withRole(roleId) {
      return (await datas(`SELECT r.data ${LISTED} WHERE u.role_id = $1`, [roleId])).sort(byId);
    },
    async idsInOrganization(organizationId) {
      if (!storable(organizationId)) return [];
      const { rows } = await reader(sql).query<{ id: string }>(`SELECT id FROM user_list WHERE organization_id = $1`, [organizationId]);
      return rows.map((row) => row.id).sort(compareIds);
    },
    async countByRole() {
      const { rows } = await reader(sql).query<{ role: number; n: number }>(
        `SELECT role_id AS role, count(*)::int AS n FROM user_list GROUP BY role_id`,
      );
      return new Map(rows.map((row) => [Number(row.role), Number(row.n)]));
    },
    recentSignIns: (limit) =>
      datas(`SELECT r.data ${LISTED} WHERE u.last_sign_in_key <> '' ORDER BY u.last_sign_in_key DESC, u.id_key LIMIT $1`, [
        Math.max(0, Math.floor(limit)),
      ]),
    insert: (row) => records.putOne({ ...row, id: row.id ?? newRecordId() }),
    update: (id, patch) => records.update(id, patch),
    remove: (id) => records.remove([id]),
  };
}
