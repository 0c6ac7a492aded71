import { SESSION_REFRESH_GRACE_MS, type SessionRecord, type SessionRepository } from '../../core/sessions';
import { newRecordId } from '../../mirage/record-ids';
import { SESSIONS } from '../../mirage/sessions';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The sign-ins' tokens in PostgreSQL only: the server's SessionRepository (core/sessions.ts). Every
 * authenticated request reads its token here (one indexed query, server/migrations/013_sessions.sql), so a
 * sign-in on one instance is valid on another at once, and a revocation ends it everywhere at its commit.
 */

export { SESSIONS };

const UNREVOKED = `COALESCE(data ->> 'revoked', '') <> 'true'`;
const OPEN = `NOT deleted AND ${UNREVOKED}`;

export function createSqlSessions(sql: Queryable, writeBatch: WriteBatch): SessionRepository {
  const records = collectionRecords<SessionRecord>(SESSIONS, writeBatch);
  const select = async (db: Queryable, where: string, values: unknown[]): Promise<SessionRecord[]> => {
    const { rows } = await db.query<{ data: SessionRecord }>(
      `SELECT data FROM rows WHERE collection = '${SESSIONS}' AND ${where} ORDER BY id COLLATE "C"`,
      values,
    );
    return rows.map((row) => row.data);
  };
  /** Stores these tokens with the patch (in the unit of work); answers how many. */
  const change = async (where: string, values: unknown[], patch: Partial<SessionRecord>): Promise<number> => {
    const { tx } = await writer();
    const found = await select(tx, where, values);
    await records.put(found.map((session) => ({ ...session, ...patch })));
    return found.length;
  };

  return {
    async byToken(accessToken) {
      if (!accessToken || !storable(accessToken)) return undefined;
      return (await select(reader(sql), `NOT deleted AND data ->> 'accessToken' = $1`, [accessToken]))[0];
    },
    insert: (session) => records.putOne({ ...session, id: newRecordId() }),
    async retire(id) {
      if (storable(id)) await change(`${OPEN} AND id = $1`, [id], { revoked: true });
    },
    async revokeFamily(sessionKey) {
      if (storable(sessionKey)) await change(`${OPEN} AND data ->> 'sessionKey' = $1`, [sessionKey], { revoked: true });
    },
    async setLocked(sessionKey, locked) {
      if (storable(sessionKey)) await change(`NOT deleted AND data ->> 'sessionKey' = $1`, [sessionKey], { locked });
    },
    async revokeOfUsers(userIds) {
      const ids = [...new Set(userIds)].filter(storable);
      if (ids.length === 0) return 0;
      return change(`${OPEN} AND data ->> 'userId' = ANY($1::text[])`, [ids], { revoked: true });
    },
    async removeEnded(now) {
      const { tx } = await writer();
      // core's endedFamilies: a sign-in is over when none of its tokens is open, or its newest open one
      // expired more than the grace ago.
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${SESSIONS}' AND NOT deleted AND data ->> 'sessionKey' IN (
           SELECT data ->> 'sessionKey' FROM rows WHERE collection = '${SESSIONS}' AND NOT deleted
           GROUP BY data ->> 'sessionKey'
           HAVING COALESCE(MAX((data ->> 'expiresAt')::numeric) FILTER (WHERE ${UNREVOKED}) + $2, 0) <= $1
         )`,
        [now, SESSION_REFRESH_GRACE_MS],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
  };
}
