/**
 * The sign-ins (docs/auth.md): one record per issued token, every token of a sign-in sharing its session
 * key (the family a refresh rotates within). Authentication, refresh, lock, sign-out, a revocation and the
 * clean-up read and write them through one async repository. The embedded backend's is the rows in memory
 * (mirage/sessions.ts); the server's is PostgreSQL (server/db/sessions.ts), so no server process holds them.
 */

export interface SessionRecord {
  id: string | number;
  accessToken: string;
  sessionKey: string;
  userId: string | number;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
  /** Retired by a refresh, or ended (sign-out, a revocation, a reused token). */
  revoked: boolean;
  /** The sign-in is locked (lock screen): every call but unlock and sign-out gets 423. */
  locked?: boolean;
}

export type NewSession = Omit<SessionRecord, 'id'>;

/**
 * How long after its token expired a sign-in may still be refreshed (the refresh endpoint takes an
 * expired, unrevoked token). Past this, the session is over and its rows are removed.
 */
export const SESSION_REFRESH_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The session keys of the sign-ins that are over at `now`: every token of the family revoked (signed out,
 * or ended because a retired token came back), or its newest unrevoked token expired beyond the grace. A
 * live family keeps the tokens its refreshes retired: a retired token presented again is how a copied
 * token is recognised (docs/auth.md, "Refresh token rotation").
 */
export function endedFamilies(sessions: Iterable<Readonly<SessionRecord>>, now: number): Set<string> {
  const liveUntil = new Map<string, number>();
  for (const s of sessions) {
    const until = s.revoked ? 0 : s.expiresAt + SESSION_REFRESH_GRACE_MS;
    liveUntil.set(s.sessionKey, Math.max(liveUntil.get(s.sessionKey) ?? 0, until));
  }
  return new Set([...liveUntil].filter(([, until]) => until <= now).map(([key]) => key));
}

export interface SessionRepository {
  /** The record of an issued token (revoked, expired or locked ones too). */
  byToken(accessToken: string): Promise<Readonly<SessionRecord> | undefined>;
  insert(session: NewSession): Promise<Readonly<SessionRecord>>;
  /** Retires one token (a refresh issued its successor). */
  retire(id: string): Promise<void>;
  /** Ends every token of a sign-in. */
  revokeFamily(sessionKey: string): Promise<void>;
  /** Sets the lock of every token of a sign-in. */
  setLocked(sessionKey: string, locked: boolean): Promise<void>;
  /** Ends every open token of these users; answers how many. */
  revokeOfUsers(userIds: readonly string[]): Promise<number>;
  /** Removes every token of the sign-ins that are over (endedFamilies); answers how many. */
  removeEnded(now: number): Promise<number>;
}
