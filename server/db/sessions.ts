import { SESSION_REFRESH_GRACE_MS, type SessionRecord, type SessionRepository } from '../../core/sessions';
import { newRecordId } from '../../mirage/record-ids';
import { SESSIONS } from '../../mirage/sessions';
import { storable } from './records';
import { prepared, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The sign-ins' tokens in their own table (server/migrations/027_sessions.sql): the server's SessionRepository
 * (core/sessions.ts). Every authenticated request reads its token here (one query on a unique index), so a
 * sign-in on one instance is valid on another at once, and a revocation ends it everywhere at its commit.
 * A write stores tokens whole in the request's unit of work.
 */

export { SESSIONS };

const COLUMNS = 's.id, s.access_token, s.session_key, s.user_id, s.expires_at, s.revoked, s.locked';

interface SessionColumns {
  id: string;
  access_token: string;
  session_key: string;
  user_id: string;
  /** bigint: node-postgres answers it as text. */
  expires_at: string | number;
  revoked: boolean;
  locked: boolean | null;
}

const sessionOf = (row: SessionColumns): SessionRecord => ({
  id: row.id,
  accessToken: row.access_token,
  sessionKey: row.session_key,
  userId: row.user_id,
  expiresAt: Number(row.expires_at),
  revoked: row.revoked,
  ...(row.locked !== null ? { locked: row.locked } : {}),
});

const UPSERT = `INSERT INTO sessions (id, access_token, session_key, user_id, expires_at, revoked, locked)
  SELECT id, access_token, session_key, user_id, expires_at, revoked, locked
  FROM jsonb_to_recordset($1::jsonb) AS e(id text, access_token text, session_key text, user_id text, expires_at bigint, revoked boolean, locked boolean)
  ON CONFLICT (id) DO UPDATE SET access_token = excluded.access_token, session_key = excluded.session_key,
    user_id = excluded.user_id, expires_at = excluded.expires_at, revoked = excluded.revoked, locked = excluded.locked`;

/** Stores tokens whole and deletes tokens, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeSessions(tx: Queryable, put: readonly SessionRecord[], deleted: readonly string[]): Promise<void> {
  if (put.length > 0) {
    const records = put.map((session) => ({
      id: String(session.id),
      access_token: session.accessToken,
      session_key: session.sessionKey,
      user_id: String(session.userId),
      expires_at: Math.floor(session.expiresAt),
      revoked: session.revoked,
      locked: session.locked ?? null,
    }));
    await tx.query(UPSERT, [JSON.stringify(records)]);
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query('DELETE FROM sessions WHERE id = ANY($1::text[])', [gone]);
}

// Every signed-in request reads its session by its token.
const BY_TOKEN = prepared(`SELECT ${COLUMNS} FROM sessions s WHERE s.access_token = $1`);

export function createSqlSessions(sql: Queryable): SessionRepository {
  const select = async (db: Queryable, where: string, values: unknown[], lock = false): Promise<SessionRecord[]> =>
    (
      await db.query<SessionColumns>(
        `SELECT ${COLUMNS} FROM sessions s WHERE ${where} ORDER BY s.id COLLATE "C"${lock ? ' FOR UPDATE' : ''}`,
        values,
      )
    ).rows.map(sessionOf);
  const store = async (put: SessionRecord[], deleted: string[]): Promise<void> => {
    if (put.length === 0 && deleted.length === 0) return;
    await writeRows(SESSIONS, writeSessions, put, deleted);
  };
  /** Stores these tokens with the patch (in the unit of work); answers how many. */
  const change = async (where: string, values: unknown[], patch: Partial<SessionRecord>): Promise<number> => {
    const { tx } = await writer();
    const found = await select(tx, where, values, true);
    await store(
      found.map((session) => ({ ...session, ...patch })),
      [],
    );
    return found.length;
  };

  return {
    async byToken(accessToken) {
      if (!accessToken || !storable(accessToken)) return undefined;
      return (await reader(sql).query<SessionColumns>(BY_TOKEN, [accessToken])).rows.map(sessionOf)[0];
    },
    async insert(session) {
      const record = { ...session, id: newRecordId() };
      await store([record], []);
      return record;
    },
    async retire(id) {
      if (storable(id)) await change('NOT s.revoked AND s.id = $1', [id], { revoked: true });
    },
    async revokeFamily(sessionKey) {
      if (storable(sessionKey)) await change('NOT s.revoked AND s.session_key = $1', [sessionKey], { revoked: true });
    },
    async setLocked(sessionKey, locked) {
      if (storable(sessionKey)) await change('s.session_key = $1', [sessionKey], { locked });
    },
    async revokeOfUsers(userIds) {
      const ids = [...new Set(userIds)].filter(storable);
      if (ids.length === 0) return 0;
      return change('NOT s.revoked AND s.user_id = ANY($1::text[])', [ids], { revoked: true });
    },
    async removeEnded(now) {
      const { tx } = await writer();
      // core's endedFamilies: a sign-in is over when none of its tokens is open, or its newest open one
      // expired more than the grace ago.
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM sessions WHERE session_key IN (
           SELECT session_key FROM sessions GROUP BY session_key
           HAVING COALESCE(MAX(expires_at) FILTER (WHERE NOT revoked) + $2, 0) <= $1
         )`,
        [now, SESSION_REFRESH_GRACE_MS],
      );
      await store(
        [],
        rows.map((row) => row.id),
      );
      return rows.length;
    },
  };
}
