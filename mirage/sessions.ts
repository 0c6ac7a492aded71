import { endedFamilies, type SessionRecord, type SessionRepository } from '../core/sessions';
import { table, type MirageDb, type Row } from './db';

/** The sign-ins' tokens (core/sessions.ts): a `sessions` row per issued token. */
export interface SessionRow extends Row, SessionRecord {}

export const SESSIONS = 'sessions';
export const sessionsTable = (db: MirageDb) => table<SessionRow>(db, SESSIONS);

/** Removes the tokens of the sign-ins that are over (core's endedFamilies) from the rows in memory. */
export function pruneSessions(db: MirageDb, now: number): number {
  const sessions = sessionsTable(db);
  const ended = endedFamilies(sessions.rows(), now);
  if (ended.size === 0) return 0;
  const over = sessions
    .rows()
    .filter((s) => ended.has(s.sessionKey))
    .map((s) => s.id);
  for (const id of over) sessions.remove(id);
  return over.length;
}

/** The embedded backend's sessions: the rows in memory (the server's are PostgreSQL's, server/db/sessions.ts). */
export function memorySessions(db: MirageDb): SessionRepository {
  const sessions = () => sessionsTable(db);
  const revokeWhere = (doomed: (row: Readonly<SessionRow>) => boolean): number => {
    const open = sessions().where((s) => !s.revoked && doomed(s));
    for (const s of open) sessions().update(s.id, { revoked: true });
    return open.length;
  };
  return {
    byToken: (accessToken) => Promise.resolve(accessToken ? sessions().where({ accessToken })[0] : undefined),
    insert: (session) => Promise.resolve(sessions().insert(session)),
    retire(id) {
      revokeWhere((s) => String(s.id) === id);
      return Promise.resolve();
    },
    revokeFamily(sessionKey) {
      revokeWhere((s) => s.sessionKey === sessionKey);
      return Promise.resolve();
    },
    setLocked(sessionKey, locked) {
      for (const s of sessions().where({ sessionKey })) sessions().update(s.id, { locked });
      return Promise.resolve();
    },
    revokeOfUsers(userIds) {
      const ids = new Set(userIds);
      return Promise.resolve(revokeWhere((s) => ids.has(String(s.userId))));
    },
    removeEnded: (now) => Promise.resolve(pruneSessions(db, now)),
  };
}

/** The sessions in memory (the embedded backend's). */
export const sessionStore = (db: MirageDb): SessionRepository => memorySessions(db);
