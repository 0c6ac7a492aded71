import { SessionExpiredError, SessionLockedError } from './session.errors';

/**
 * What the machine tells its `requests` actor (`requestQueue`), which holds the requests that got a
 * 401 (outside the machine's context, so a snapshot stays plain data):
 * - `requests.retry`: retry every waiting request with this token;
 * - `requests.retryStale`: retry only those whose failed token is not this one (they failed with a
 *   token that has been replaced since); the others keep waiting for the renewal;
 * - `requests.reject`: fail every waiting request, the session ended (`expired`) or is locked.
 */
export type RequestQueueCommand =
  | { type: 'requests.retry'; token: string }
  | { type: 'requests.retryStale'; token: string }
  | { type: 'requests.reject'; reason: 'expired' | 'locked' };

interface Waiting {
  failedToken: string;
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * The requests that got a 401 and wait for a new token, kept outside the session machine's context
 * (promise callbacks are not data: a snapshot stays serialisable). The app's `requestQueue` actor owns
 * one; the machine commands it with `requests.*` events (see `RequestQueueCommand`).
 */
export function createRequestQueue() {
  let waiting: Waiting[] = [];
  const settle = (keep: (entry: Waiting) => boolean, run: (entry: Waiting) => void) => {
    const done = waiting.filter((entry) => !keep(entry));
    waiting = waiting.filter(keep);
    for (const entry of done) run(entry);
  };
  return {
    /** Queues a request whose call failed with `failedToken`; resolves with the token to retry with. */
    add(failedToken: string): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        waiting.push({ failedToken, resolve, reject });
      });
    },
    apply(command: RequestQueueCommand): void {
      switch (command.type) {
        case 'requests.retry':
          settle(
            () => false,
            (entry) => entry.resolve(command.token),
          );
          break;
        case 'requests.retryStale':
          if (command.token === '') return;
          settle(
            (entry) => entry.failedToken === command.token,
            (entry) => entry.resolve(command.token),
          );
          break;
        case 'requests.reject':
          settle(
            () => false,
            (entry) => entry.reject(command.reason === 'locked' ? new SessionLockedError() : new SessionExpiredError()),
          );
          break;
      }
    },
    /** How many requests wait. */
    get size(): number {
      return waiting.length;
    },
  };
}
