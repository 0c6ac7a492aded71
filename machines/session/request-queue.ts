import { SessionExpiredError, SessionLockedError, type RequestQueueCommand } from './session.machine';

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
          settle(() => false, (entry) => entry.resolve(command.token));
          break;
        case 'requests.retryStale':
          if (command.token === '') return;
          settle((entry) => entry.failedToken === command.token, (entry) => entry.resolve(command.token));
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

export type RequestQueue = ReturnType<typeof createRequestQueue>;
