import pg from 'pg';
import type { Backend } from '../backend';
import { wakeOfPayload } from './hub';

/**
 * How an instance learns that another one stored events or commands: the rows are the truth (the outbox,
 * committed in the change's own transaction); this only says when to look.
 *
 * - On PostgreSQL, a LISTEN connection of its own: a commit that stored events or commands runs
 *   `pg_notify('sua_events', <what to wake>)` inside its transaction (server/backend.ts), so the notification
 *   arrives on commit and wakes this instance's streams and the long polls of the units it names.
 *   The connection reconnects with backoff, and looks once it is back (what was sent meanwhile is lost).
 * - Everywhere, a safety poll: the events relay every `pollMs` (Backend.relayEvents), which wakes the streams
 *   when events were numbered since it last looked, so a lost notification only delays.
 * PGlite is one process's database: its writes wake this process directly, the poll is the rest.
 */
export interface WakeupOptions {
  /** The PostgreSQL to LISTEN on; null (PGlite): no listener. */
  databaseUrl: string | null;
  /** The safety poll's period (default 2 s). */
  pollMs?: number;
  /** Told when the listener connects (again), for tests and logs. */
  onListening?: () => void;
}

export interface Wakeups {
  stop(): Promise<void>;
}

export const EVENTS_CHANNEL = 'sua_events';
/** The listener's application_name, to tell its connection apart in pg_stat_activity. */
export const LISTENER_NAME = 'sua-events-listener';
const MAX_BACKOFF_MS = 30_000;

export function startWakeups(backend: Backend, options: WakeupOptions): Wakeups {
  let stopped = false;
  // One relay at a time; notifications during one ask for exactly one more after it.
  let running: Promise<void> | null = null;
  let again = false;
  const relay = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = backend
      .relayEvents()
      .catch((error: unknown) => console.error('Numbering live events failed', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          relay();
        }
      });
  };

  const poll = setInterval(relay, options.pollMs ?? 2_000);
  poll.unref();

  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoffMs = 500;
  const connect = async (): Promise<void> => {
    if (stopped || !options.databaseUrl) return;
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: LISTENER_NAME });
    client = next;
    let failed = false;
    const reconnect = (error?: unknown) => {
      if (failed || stopped) return;
      failed = true;
      if (error) console.error(`The ${EVENTS_CHANNEL} listener lost its connection; reconnecting`, error);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), backoffMs);
      retry.unref();
      backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    // The notification says what to wake.
    next.on('notification', (message) => {
      backend.events.wake(wakeOfPayload(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (stopped) {
        await next.end();
        return;
      }
      backoffMs = 500;
      // Whatever was numbered while no one listened.
      relay();
      options.onListening?.();
    } catch (error) {
      reconnect(error);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
      await running;
    },
  };
}
