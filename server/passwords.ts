import { AsyncLocalStorage } from 'node:async_hooks';
import { directPasswords, type PasswordHasher } from '../mirage/crypto';

/**
 * Password hashing outside every transaction. A write runs in a transaction that holds the rows it wrote; scrypt
 * takes about 50 ms of CPU, so a sign-in hashing inside one would hold them that long. Here a handler that
 * asks for password work it has not got yet fails its unit of work with `PasswordWorkNeeded` (rolled back
 * like any failed unit); the backend runs the work with no transaction open and runs the request again,
 * which now finds the answer ready. The answers belong to that one request and die with it.
 */
export class PasswordWorkNeeded extends Error {
  constructor(readonly work: () => Promise<void>) {
    super('Password work is done before the transaction');
  }
}

/** One request's finished password work, by what it was asked. */
export type PreparedPasswords = Map<string, unknown>;

const requests = new AsyncLocalStorage<PreparedPasswords>();

/** Runs a request's handler with its prepared password work at hand. */
export const withPreparedPasswords = <T>(prepared: PreparedPasswords, run: () => Promise<T>): Promise<T> => requests.run(prepared, run);

/** The error's password work, when a unit failed for it (directly or as the cause of its group's failure). */
export function passwordWorkOf(error: unknown): PasswordWorkNeeded | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth += 1) {
    if (cause instanceof PasswordWorkNeeded) return cause;
  }
  return null;
}

function prepared<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const request = requests.getStore();
  // Outside a request's write (start-up, a test's own call): nothing is held, so it runs at once.
  if (!request) return compute();
  if (request.has(key)) return Promise.resolve(request.get(key) as T);
  return Promise.reject(
    new PasswordWorkNeeded(async () => {
      request.set(key, await compute());
    }),
  );
}

/** A hasher for the backend's handlers: `work` (default: scrypt here) runs only outside a transaction. */
export const outsideTransactions = (work: PasswordHasher = directPasswords): PasswordHasher => ({
  verify: (password, salt, stored) => prepared(`verify\0${salt}\0${stored}\0${password}`, () => work.verify(password, salt, stored)),
  derive: (password) => prepared(`derive\0${password}`, () => work.derive(password)),
  spend: (password) => prepared(`spend\0${password}`, () => work.spend(password)),
});
