import { compareIds } from '../../core/record-ids';
import type { UserRepository } from '../../core/users';
import type { AdminUserRow } from '../../mirage/user-store';
import { newRecordId } from '../../mirage/record-ids';
import { storable } from './records';
import { prepared, type Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';
import { USER_COLUMNS, USERS, userOf, type UserColumns } from './user-table';

/**
 * The server's UserRepository (core/users.ts) on the users' table (user-table.ts). A write stores an account
 * whole through the store's writeBatch, in the request's unit of work; reads in a unit of work see its
 * own writes. The database refuses a second account of one username or e-mail in any case
 * (users_username_unique, users_email_unique). Lookups go through the table's indexes (026_users.sql),
 * never a walk of 50,000 rows; username_lower and email_lower are core's lower-casing, as the embedded
 * backend compares.
 */

const byId = (a: AdminUserRow, b: AdminUserRow) => compareIds(a.id, b.id);

const BY_ID = prepared(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`);

export function createSqlUsers(sql: Queryable, writeBatch: WriteBatch): UserRepository<AdminUserRow> {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<UserColumns>(`SELECT ${USER_COLUMNS} FROM users u ${where}`, [...values])).rows.map(userOf);
  const put = async (record: AdminUserRow): Promise<AdminUserRow> => {
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: USERS, put: [record], deleted: [] }]);
    return record;
  };
  /** The one account whose `column` is `value` (the first created, should there be more). */
  const withColumn = async (column: 'set_password_digest' | 'oidc_subject', value: string) => {
    if (!value || !storable(value)) return undefined;
    return (await select(`WHERE u.${column} = $1`, [value])).sort(byId)[0];
  };
  return {
    // Every signed-in request reads its account by id.
    get: async (id) => (storable(id) ? (await reader(sql).query<UserColumns>(BY_ID, [id])).rows.map(userOf)[0] : undefined),
    getMany(ids) {
      const wanted = [...new Set(ids)].filter(storable);
      return wanted.length === 0 ? Promise.resolve([]) : select('WHERE u.id = ANY($1::text[])', [wanted]);
    },
    async withLogin(texts) {
      const wanted = [...new Set(texts)].filter(storable);
      if (wanted.length === 0) return [];
      return (await select('WHERE u.username_lower = ANY($1::text[]) OR u.email_lower = ANY($1::text[])', [wanted])).sort(byId);
    },
    withSetPasswordDigest: (digest) => withColumn('set_password_digest', digest),
    withOidcSubject: (subject) => withColumn('oidc_subject', subject),
    async withRole(roleId) {
      return (await select('WHERE u.role_id = $1', [roleId])).sort(byId);
    },
    async idsInOrganization(organizationId) {
      if (!storable(organizationId)) return [];
      const { rows } = await reader(sql).query<{ id: string }>('SELECT id FROM users WHERE organization_id = $1', [organizationId]);
      return rows.map((row) => row.id).sort(compareIds);
    },
    async countByRole() {
      const { rows } = await reader(sql).query<{ role: number; n: number }>(
        'SELECT role_id AS role, count(*)::int AS n FROM users GROUP BY role_id',
      );
      return new Map(rows.map((row) => [Number(row.role), Number(row.n)]));
    },
    recentSignIns: (limit) =>
      select(`WHERE u.last_sign_in_key <> '' ORDER BY u.last_sign_in_key DESC, u.id_key LIMIT $1`, [Math.max(0, Math.floor(limit))]),
    insert: (row) => put({ ...row, id: row.id ?? newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const existing = storable(id) ? (await select('WHERE u.id = $1 FOR UPDATE', [id], tx))[0] : undefined;
      if (!existing) throw new Error(`No user ${id}`);
      return put({ ...existing, ...patch });
    },
    async remove(id) {
      if (!storable(id)) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [id]);
      if (rows.length > 0) await writeBatch(tx, [{ collection: USERS, put: [], deleted: [id] }]);
    },
  };
}
