/** The signed-in user's record as the API answers it and `userInfo` stores it. */
export interface SessionUser {
  uid: string;
  displayName: string;
  about: string;
  photoURL: string;
  status: string;
  userRole: string;
  email: string;
  providerId: string;
}

/** Everything a sign-in yields; what the session machine keeps and the app stores. */
export interface SessionData {
  accessToken: string;
  sessionKey: string;
  /** Epoch milliseconds. */
  tokenExpiry: number;
  user: SessionUser;
  defaultRoleId: 1 | 2 | 3 | 4;
  roles: number[];
  /**
   * Epoch milliseconds: the identity provider's ID token expiry. Present only for a session that came
   * from the provider (the machine's `isProviderSession`); `tokenExpiry` stays the access token's.
   */
  idTokenExpiry?: number;
}

/** The raw storage values the session restores from (localStorage keys). */
export interface StoredValues {
  session_key: string | null;
  accessToken: string | null;
  'auth-values': string | null;
  userInfo: string | null;
  tokenExpiry: string | null;
  loggedIn: string | null;
  session_locked: string | null;
  /** Provider sessions only: the ID token's expiry (epoch ms). */
  idTokenExpiry: string | null;
}

/**
 * Every localStorage key the session owns, in one place: restoring reads them, sign-out and corrupted
 * values clear all of them (src/lib/auth-storage.ts and src/lib/session/storage.ts use this list).
 */
export const STORED_KEYS = [
  'session_key',
  'accessToken',
  'auth-values',
  'userInfo',
  'tokenExpiry',
  'loggedIn',
  'session_locked',
  'idTokenExpiry',
] as const satisfies readonly (keyof StoredValues)[];

const USER_FIELDS: readonly (keyof SessionUser)[] = [
  'uid',
  'displayName',
  'about',
  'photoURL',
  'status',
  'userRole',
  'email',
  'providerId',
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isRoleNumber(value: unknown): value is 1 | 2 | 3 | 4 {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export function parseUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  for (const field of USER_FIELDS) if (typeof value[field] !== 'string') return null;
  if ((value['uid'] as string).trim() === '') return null;
  const user = {} as SessionUser;
  for (const field of USER_FIELDS) user[field] = value[field] as string;
  return user;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored epoch-milliseconds value: digits only, a positive safe integer; else null. */
function epochOf(raw: string | null): number | null {
  const value = raw !== null && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

const nonEmpty = (value: string | null): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Validates every stored value. Any missing, malformed or inconsistent one makes the whole
 * stored session unusable (null): the machine then clears storage and starts signed out.
 */
export function parseStoredSession(raw: StoredValues): { session: SessionData; locked: boolean } | null {
  if (!nonEmpty(raw.session_key) || !nonEmpty(raw.accessToken)) return null;
  if (!/^[\w.~+/=-]+$/.test(raw.accessToken)) return null;
  if (raw.loggedIn !== 'true') return null;
  const authValues = raw['auth-values'] ? parseJson(raw['auth-values']) : undefined;
  if (!isObject(authValues)) return null;
  const roleValue = authValues['user_default_role_id'];
  const role = typeof roleValue === 'string' && roleValue.trim() !== '' ? Number(roleValue) : roleValue;
  if (!isRoleNumber(role)) return null;
  const user = raw.userInfo ? parseUser(parseJson(raw.userInfo)) : null;
  if (!user) return null;
  const expiry = epochOf(raw.tokenExpiry);
  if (expiry === null) return null;
  const idTokenExpiry = raw.idTokenExpiry === null ? undefined : epochOf(raw.idTokenExpiry);
  if (idTokenExpiry === null) return null;
  return {
    session: {
      accessToken: raw.accessToken,
      sessionKey: raw.session_key,
      tokenExpiry: expiry,
      user,
      defaultRoleId: role,
      roles: [role],
      ...(idTokenExpiry === undefined ? {} : { idTokenExpiry }),
    },
    locked: raw.session_locked === 'true',
  };
}

/** True when any session value is present (so a failed restore has something to clear). */
export function hasAnyStoredValue(raw: StoredValues): boolean {
  return STORED_KEYS.some((key) => raw[key] !== null);
}

/** The values written to storage for a session (sign-in, restore, refresh); null removes the key. */
export function toStoredValues(session: SessionData): Record<Exclude<keyof StoredValues, 'session_locked'>, string | null> {
  return {
    idTokenExpiry: session.idTokenExpiry === undefined ? null : String(session.idTokenExpiry),
    session_key: session.sessionKey,
    accessToken: session.accessToken,
    'auth-values': JSON.stringify({ user_default_role_id: session.defaultRoleId }),
    userInfo: JSON.stringify(session.user),
    tokenExpiry: String(session.tokenExpiry),
    loggedIn: 'true',
  };
}
