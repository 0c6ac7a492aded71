import type { AccountStatus } from './user-list';

/** An account: the fields every backend reads. */
export interface UserRow {
  id: string | number;
  username: string;
  email: string;
  displayName: string;
  fullName: string;
  phoneNumber: string;
  roleId: 1 | 2 | 3 | 4;
  organizationId: string | number;
  passwordHash: string;
  salt: string;
  about: string;
  photoURL: string;
  status: 'online' | 'offline' | 'away' | 'busy';
  providerId: string;
  createdAt: string;
  /** ISO date-time of the last successful sign-in (absent: never) */
  lastSignInAt?: string | null;
}

/** What a new account is made of: its name, login, role, organization, password record and creation time. */
type NewAccountFields = Pick<
  UserRow,
  'username' | 'email' | 'fullName' | 'phoneNumber' | 'roleId' | 'organizationId' | 'salt' | 'passwordHash' | 'createdAt'
>;

/**
 * A new account as registration, the demo seed and the store's repair write it: shown by its full name,
 * online, no text about it or photo yet, signed in with a password (providerId 'mirage').
 */
export function newAccount(fields: NewAccountFields): Omit<UserRow, 'id'> {
  return {
    username: fields.username,
    email: fields.email,
    displayName: fields.fullName,
    fullName: fields.fullName,
    phoneNumber: fields.phoneNumber,
    roleId: fields.roleId,
    organizationId: fields.organizationId,
    salt: fields.salt,
    passwordHash: fields.passwordHash,
    about: '',
    photoURL: '',
    status: 'online',
    providerId: 'mirage',
    createdAt: fields.createdAt,
  };
}

/** An account as stored: the auth seed's fields plus the administration fields (older rows lack them). */
export interface AdminUserRow extends UserRow {
  accountStatus?: AccountStatus;
  lastSignInAt?: string | null;
  invitedBy?: string;
  invitedByName?: string;
  /** SHA-256-like digest of the one-time set-password token, '' when none is open. */
  setPasswordDigest?: string;
  setPasswordExpiresAt?: number;
  updatedAt?: string;
  /** `issuer|sub` of the identity provider's account it is linked to (mirage/oidc/provider-auth.ts). */
  oidcSubject?: string;
  /** Raised by every administrator's change through the API (core/versions.ts); absent before versions: 1. */
  version?: number;
  /** Which administrator made the last change through the API. */
  updatedBy?: string;
}

/**
 * The users' records behind one async repository: every rule that reads or writes an account (a request's
 * user, a sign-in by username or e-mail, the duplicate checks, a set-password link, a provider's subject,
 * the last super admin, an organization's members, the dashboard) goes through it. The embedded backend's
 * is the rows in memory (mirage/user-store.ts); the server's is PostgreSQL (server/db/users.ts), so no
 * server process holds 50,000 accounts in memory. The list has its own repository (user-list.ts).
 *
 * Several accounts answer in creation order (core/record-ids.ts's compareIds), in both backends.
 */
export interface UserRepository<T extends { id: string | number }> {
  get(id: string): Promise<T | undefined>;
  /** The stored ones of these ids, in no particular order. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** The accounts whose username or e-mail, lower-cased, is one of these texts (given lower-cased). */
  withLogin(texts: readonly string[]): Promise<T[]>;
  /** The account whose open set-password link has this digest. */
  withSetPasswordDigest(digest: string): Promise<T | undefined>;
  /** The account linked to this identity provider's subject (`issuer|sub`). */
  withOidcSubject(subject: string): Promise<T | undefined>;
  /** The accounts of one role (the super admins are few). */
  withRole(roleId: number): Promise<T[]>;
  /** The ids of one organization's accounts. */
  idsInOrganization(organizationId: string): Promise<string[]>;
  /** How many accounts each role has (a role without any is absent). */
  countByRole(): Promise<Map<number, number>>;
  /** The accounts signed in most recently, latest first (ties in creation order). */
  recentSignIns(limit: number): Promise<T[]>;
  /** Stores a new account under a new id (or the one given: a provider's account has one derived from its subject) and answers it. */
  insert(row: Omit<T, 'id'> & { id?: string }): Promise<T>;
  /** Changes a stored account and answers it (the caller found it first). */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T>;
  remove(id: string): Promise<void>;
}
