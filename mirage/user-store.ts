import type { AdminUserRow, UserRepository, UserRow } from '../core/users';
import { compareIds } from '../core/record-ids';
import { table, type MirageDb } from './db';
import { tableWrites } from './table-writes';

export type { AdminUserRow, UserRow };

export const USERS = 'users';
export const usersTable = (db: MirageDb) => table<AdminUserRow>(db, USERS);

/** Stored rows are checked when loaded (mirage/store/schemas.ts); a lookup still never throws on a bad one. */
const lower = (text: unknown): string => (typeof text === 'string' ? text.toLowerCase() : '');
const byId = (a: AdminUserRow, b: AdminUserRow) => compareIds(a.id, b.id);
const signedInAt = (u: AdminUserRow): string => (typeof u.lastSignInAt === 'string' ? u.lastSignInAt : '');

/** The embedded backend's accounts: the rows in memory (the server's are PostgreSQL's, server/db/users.ts). */
export function memoryUsers(db: MirageDb): UserRepository<AdminUserRow> {
  const rows = () => usersTable(db);
  /** The first created account whose `field` is `value` (none for the empty text). */
  const withField = (field: 'setPasswordDigest' | 'oidcSubject', value: string) =>
    Promise.resolve(
      value
        ? rows()
            .where((u) => u[field] === value)
            .sort(byId)[0]
        : undefined,
    );
  return {
    get: (id) => Promise.resolve(rows().find(id)),
    getMany(ids) {
      return Promise.resolve(ids.flatMap((id) => rows().find(id) ?? []).filter((u, i, all) => all.indexOf(u) === i));
    },
    withLogin(texts) {
      const wanted = new Set(texts);
      return Promise.resolve(
        rows()
          .where((u) => wanted.has(lower(u.username)) || wanted.has(lower(u.email)))
          .sort(byId),
      );
    },
    withSetPasswordDigest: (digest) => withField('setPasswordDigest', digest),
    withOidcSubject: (subject) => withField('oidcSubject', subject),
    withRole: (roleId) =>
      Promise.resolve(
        rows()
          .where((u) => u.roleId === roleId)
          .sort(byId),
      ),
    idsInOrganization: (organizationId) =>
      Promise.resolve(
        rows()
          .where((u) => String(u.organizationId) === organizationId)
          .sort(byId)
          .map((u) => String(u.id)),
      ),
    countByRole() {
      const counts = new Map<number, number>();
      for (const u of rows().rows()) counts.set(u.roleId, (counts.get(u.roleId) ?? 0) + 1);
      return Promise.resolve(counts);
    },
    recentSignIns: (limit) =>
      Promise.resolve(
        rows()
          .where((u) => signedInAt(u) !== '')
          .sort((a, b) => (signedInAt(a) < signedInAt(b) ? 1 : signedInAt(a) > signedInAt(b) ? -1 : byId(a, b)))
          .slice(0, limit),
      ),
    ...tableWrites(rows),
  };
}

/** The accounts in memory (the embedded backend's). */
export const userStore = (db: MirageDb): UserRepository<AdminUserRow> => memoryUsers(db);
