/**
 * The sign-in throttle's counters (docs/security.md, "Server"): the failed sign-ins of the last 15 minutes,
 * per key (a sign-in name's hash, or a client address), behind one async repository. The embedded
 * backend's is the rows in memory (mirage/domains/sign-in-throttle.ts); the server's is PostgreSQL
 * (server/db/sign-in-attempts.ts), so no server process holds them.
 */

export interface SignInAttemptRecord {
  id: string | number;
  /** `account:<SHA-256 of the lower-case sign-in name>` or `address:<client address>` */
  key: string;
  /** When the failures of the window happened (epoch ms), oldest first: at most the key's limit */
  failures: number[];
}

/** Failures count for 15 minutes. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** What a change of counters stores: the keys' new failures (none: the key's counter goes). */
export interface AttemptChange<T> {
  failures: ReadonlyMap<string, readonly number[]>;
  value: T;
}

export interface SignInAttemptRepository {
  /**
   * Reads the failures of these keys, and stores what `decide` answers for them, as one step: no other
   * change of these counters comes between the read and the write (attempts sent together are each
   * checked against the ones counted before). Answers `decide`'s value.
   */
  change<T>(keys: readonly string[], decide: (failures: ReadonlyMap<string, readonly number[]>) => AttemptChange<T>): Promise<T>;
  /** Removes the counters whose last failure is a window old at `now`; answers how many. */
  removeStale(now: number): Promise<number>;
}

/** Whether a counter still holds a failure that counts at `now`. */
export const isCounting = (failures: readonly number[], now: number): boolean => failures.some((at) => at + SIGN_IN_WINDOW_MS > now);
