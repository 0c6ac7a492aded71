import { table, type MirageDb, type Row } from '../db';
import { isCounting, type SignInAttemptRecord, type SignInAttemptRepository } from '../../core/sign-in-attempts';

/**
 * The sign-in throttle's counters in the embedded backend (the rules: api/services/sign-in-throttle.ts): rows
 * of `signInAttempts` in memory, persisted with the rest in the browser; the server's are PostgreSQL's.
 */
export interface SignInAttemptRow extends Row, SignInAttemptRecord {}

export const SIGN_IN_ATTEMPTS = 'signInAttempts';

const attempts = (db: MirageDb) => table<SignInAttemptRow>(db, SIGN_IN_ATTEMPTS);

/** The embedded backend's counters: the rows in memory (the server's are PostgreSQL's, server/db/sign-in-attempts.ts). */
export function memorySignInAttempts(db: MirageDb): SignInAttemptRepository {
  const rowOf = (key: string) => attempts(db).where({ key })[0];
  return {
    // Synchronous from the read to the write: nothing else runs in between.
    change(keys, decide) {
      const current = new Map<string, readonly number[]>();
      for (const key of keys) {
        const row = rowOf(key);
        if (row) current.set(key, row.failures);
      }
      const { failures, value } = decide(current);
      for (const [key, next] of failures) {
        const row = rowOf(key);
        if (next.length === 0) {
          if (row) attempts(db).remove(row.id);
        } else if (row) attempts(db).update(row.id, { failures: [...next] });
        else attempts(db).insert({ key, failures: [...next] });
      }
      return Promise.resolve(value);
    },
    removeStale(now) {
      const old = attempts(db)
        .rows()
        .filter((row) => !isCounting(row.failures, now))
        .map((row) => row.id);
      for (const id of old) attempts(db).remove(id);
      return Promise.resolve(old.length);
    },
  };
}

/** The counters in memory (the embedded backend's). */
export const signInAttemptStore = (db: MirageDb): SignInAttemptRepository => memorySignInAttempts(db);
