import { compareIds } from '../../core/record-ids';
import { USER_LIST_VERSION, userListEntry, type AccountStatus } from '../../core/user-list';
import type { UserRepository } from '../../core/users';
import { newRecordId } from '../../mirage/record-ids';
import type { AdminUserRow } from '../../mirage/user-store';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import { searchText } from './list-table';
import { storable } from './records';
import { isoText, prepared, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The accounts in SQL: the users' table (server/migrations/026_users.sql), with the list's keys as columns;
 * how an account is read from it and written to it; and the server's UserRepository (core/users.ts) on it. A
 * repository write runs its statement here, in the request's transaction; reads in a unit of work see its
 * own writes. The database refuses a second account of one username or e-mail in any case
 * (users_username_unique, users_email_unique). Lookups go through the table's indexes, never a walk of
 * 50,000 rows; username_lower and email_lower are core's lower-casing, as the embedded backend compares. An
 * account stored before the administration fields existed has them null, and reads without them, as the
 * embedded backend keeps it.
 */

export const USERS = 'users';

const iso = isoText;

/** An account, as columns (alias `u`). */
export const USER_COLUMNS = `u.id, u.organization_id, u.username, u.email, u.display_name, u.full_name, u.phone_number, u.role_id,
  u.password_hash, u.salt, u.about, u.photo_url, u.status, u.provider_id, ${iso('u.created_at')} AS created_at,
  ${iso('u.last_sign_in_at')} AS last_sign_in_at, u.account_status, u.invited_by, u.invited_by_name, u.set_password_digest,
  u.set_password_expires_at, ${iso('u.updated_at')} AS updated_at, u.oidc_subject, u.version, u.updated_by`;

export interface UserColumns {
  id: string;
  organization_id: string;
  username: string;
  email: string;
  display_name: string;
  full_name: string;
  phone_number: string;
  role_id: number;
  password_hash: string;
  salt: string;
  about: string;
  photo_url: string;
  status: AdminUserRow['status'];
  provider_id: string;
  created_at: string;
  last_sign_in_at: string | null;
  account_status: AccountStatus | null;
  invited_by: string | null;
  invited_by_name: string | null;
  set_password_digest: string | null;
  /** bigint: node-postgres answers it as text. */
  set_password_expires_at: string | number | null;
  updated_at: string | null;
  oidc_subject: string | null;
  version: number | null;
  updated_by: string | null;
}

const ROLES = [1, 2, 3, 4] as const;
const roleOf = (value: number): AdminUserRow['roleId'] => ROLES.find((role) => role === Number(value)) ?? 4;

/** An account as the domain reads it: the fields it has, none it lacks ("never signed in" is null). */
export function userOf(row: UserColumns): AdminUserRow {
  return {
    id: row.id,
    organizationId: row.organization_id,
    username: row.username,
    email: row.email,
    displayName: row.display_name,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    roleId: roleOf(row.role_id),
    passwordHash: row.password_hash,
    salt: row.salt,
    about: row.about,
    photoURL: row.photo_url,
    status: row.status,
    providerId: row.provider_id,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    ...(row.account_status !== null ? { accountStatus: row.account_status } : {}),
    ...(row.invited_by !== null ? { invitedBy: row.invited_by } : {}),
    ...(row.invited_by_name !== null ? { invitedByName: row.invited_by_name } : {}),
    ...(row.set_password_digest !== null ? { setPasswordDigest: row.set_password_digest } : {}),
    ...(row.set_password_expires_at !== null ? { setPasswordExpiresAt: Number(row.set_password_expires_at) } : {}),
    ...(row.updated_at !== null ? { updatedAt: row.updated_at } : {}),
    ...(row.oidc_subject !== null ? { oidcSubject: row.oidc_subject } : {}),
    ...(row.version !== null ? { version: Number(row.version) } : {}),
    ...(row.updated_by !== null ? { updatedBy: row.updated_by } : {}),
  };
}

const TYPES: Record<string, string> = {
  id: 'text',
  organization_id: 'text',
  username: 'text',
  email: 'text',
  display_name: 'text',
  full_name: 'text',
  phone_number: 'text',
  role_id: 'smallint',
  password_hash: 'text',
  salt: 'text',
  about: 'text',
  photo_url: 'text',
  status: 'text',
  provider_id: 'text',
  created_at: 'timestamptz',
  last_sign_in_at: 'timestamptz',
  account_status: 'text',
  invited_by: 'text',
  invited_by_name: 'text',
  set_password_digest: 'text',
  set_password_expires_at: 'bigint',
  updated_at: 'timestamptz',
  oidc_subject: 'text',
  version: 'integer',
  updated_by: 'text',
  username_lower: 'text',
  email_lower: 'text',
  id_key: 'text',
  full_name_key: 'text',
  username_key: 'text',
  email_key: 'text',
  last_sign_in_key: 'text',
  created_key: 'text',
  list_status: 'text',
  search: 'text[]',
  search_text: 'text',
};

const instant = (value: string | null | undefined): string | null =>
  typeof value !== 'string' || Number.isNaN(Date.parse(value)) ? null : new Date(value).toISOString();
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function record(row: AdminUserRow): Record<string, unknown> {
  const entry = userListEntry({
    ...row,
    username: text(row.username),
    email: text(row.email),
    fullName: text(row.fullName),
    createdAt: text(row.createdAt),
  });
  return {
    id: String(row.id),
    organization_id: String(row.organizationId),
    username: text(row.username),
    email: text(row.email),
    display_name: text(row.displayName),
    full_name: text(row.fullName),
    phone_number: text(row.phoneNumber),
    role_id: roleOf(row.roleId),
    password_hash: text(row.passwordHash),
    salt: text(row.salt),
    about: text(row.about),
    photo_url: text(row.photoURL),
    status: ['online', 'offline', 'away', 'busy'].includes(row.status) ? row.status : 'offline',
    provider_id: text(row.providerId),
    created_at: instant(row.createdAt) ?? new Date(0).toISOString(),
    last_sign_in_at: instant(row.lastSignInAt),
    account_status: row.accountStatus ?? null,
    invited_by: row.invitedBy ?? null,
    invited_by_name: row.invitedByName ?? null,
    set_password_digest: row.setPasswordDigest ?? null,
    set_password_expires_at: row.setPasswordExpiresAt ?? null,
    updated_at: instant(row.updatedAt),
    oidc_subject: row.oidcSubject ?? null,
    version: row.version ?? null,
    updated_by: row.updatedBy ?? null,
    // The list's search texts are core's lower-casing of the full name, the username and the e-mail.
    username_lower: entry.search[1],
    email_lower: entry.search[2],
    id_key: entry.idKey,
    full_name_key: entry.keys.fullName,
    username_key: entry.keys.username,
    email_key: entry.keys.email,
    last_sign_in_key: entry.keys.lastSignInAt,
    created_key: entry.keys.createdAt,
    list_status: entry.status,
    search: entry.search,
    search_text: searchText(entry.search),
  };
}

const UPSERT = upsertStatement('users', 'id', TYPES);

/** Stores accounts whole and deletes accounts, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeUsers(tx: Queryable, put: readonly AdminUserRow[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'users', upsert: UPSERT, record }, put, deleted);
}

/** Computes every account's list keys again when they were made by another version of core's projection. At start. */
export async function ensureUserKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'userList', USER_LIST_VERSION, async () => {
    const { rows } = await tx.query<UserColumns>(`SELECT ${USER_COLUMNS} FROM users u`);
    await writeUsers(tx, rows.map(userOf), []);
  });
}

const byId = (a: AdminUserRow, b: AdminUserRow) => compareIds(a.id, b.id);

const BY_ID = prepared(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`);

export function createSqlUsers(sql: Queryable): UserRepository<AdminUserRow> {
  const select = async (where: string, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (await db.query<UserColumns>(`SELECT ${USER_COLUMNS} FROM users u ${where}`, [...values])).rows.map(userOf);
  const put = async (record: AdminUserRow): Promise<AdminUserRow> => {
    await writeRows(USERS, writeUsers, [record]);
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
      if (rows.length > 0) await writeRows(USERS, writeUsers, [], [id]);
    },
  };
}
