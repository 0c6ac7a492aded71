import { EVENTS_COLLECTION, type EventRecord, type EventRepository } from '../../core/events';
import type { Queryable, Sql } from './sql';
import { inTransaction, reader, stage, writer } from './unit-of-work';

/**
 * The live events in PostgreSQL only: the server's EventRepository (core/events.ts), an outbox
 * (server/migrations/023_live_events_outbox.sql). A change appends its events in its own transaction,
 * unnumbered; the relay numbers them once every transaction that began before theirs has ended, so numbers
 * grow in commit order, a reader's cursor (Last-Event-ID) never passes an event that commits late, and no
 * write waits for another to number its events. The relay runs on any instance, one at a time (a lock that
 * only relays take), when a reader asks and after a commit; numbering wakes every instance's streams.
 */

/** Taken by a relay for its transaction (pg_try_advisory_xact_lock): relays never run two at once, writes never wait. */
const RELAY_LOCK = 7_242_003;
/** Events one relay numbers at most (the next relay goes on). */
const RELAY_BATCH = 5_000;
/** How soon a relay runs again when it left events whose earlier transactions were still running. */
const HELD_BACK_RETRY_MS = 50;

/** Who is told that events were numbered: this instance's streams (the others hear a notification). */
export type EventsRelayed = () => void;

const recordOf = (row: { position: number | string; data: Omit<EventRecord, 'id'> }): EventRecord =>
  ({ ...row.data, id: String(row.position) }) as EventRecord;

/**
 * Numbers the committed events that no running transaction can precede any more, in commit order: answers
 * how many it numbered and whether it left some (their transactions began before one still running).
 */
async function relay(sql: Sql, notifyChannel: string | null): Promise<{ numbered: number; heldBack: boolean }> {
  return sql.transaction(async (tx) => {
    const { rows: lock } = await tx.query<{ mine: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS mine', [RELAY_LOCK]);
    // Another relay is at it: it numbers these too, and wakes the readers when it has.
    if (!lock[0]?.mine) return { numbered: 0, heldBack: true };
    const { rows } = await tx.query<{ entry: string; ready: boolean }>(
      `SELECT entry, xid < pg_snapshot_xmin(pg_current_snapshot()) AS ready
       FROM live_events WHERE position IS NULL ORDER BY xid, entry LIMIT $1`,
      [RELAY_BATCH],
    );
    // In order, up to the first event that a running transaction may still precede.
    const firstHeld = rows.findIndex((row) => !row.ready);
    const ready = (firstHeld === -1 ? rows : rows.slice(0, firstHeld)).map((row) => row.entry);
    if (ready.length > 0) {
      // A CTE runs once (nextval is volatile): a subquery in FROM may be scanned again by the join, taking more numbers.
      await tx.query(
        `WITH n AS (SELECT entry, nextval('live_event_position') AS position
                    FROM unnest($1::bigint[]) WITH ORDINALITY AS t(entry, place) ORDER BY place)
         UPDATE live_events e SET position = n.position FROM n WHERE e.entry = n.entry`,
        [ready],
      );
      if (notifyChannel) await tx.query('SELECT pg_notify($1, $2)', [notifyChannel, JSON.stringify({ events: true, units: [] })]);
    }
    return { numbered: ready.length, heldBack: firstHeld !== -1 || rows.length === RELAY_BATCH };
  });
}

export interface SqlEvents extends EventRepository {
  /** Numbers what is ready (see relay); readers call it before they read, the backend after a commit. */
  relay(): Promise<void>;
  /** Ends the retries of held-back events (before the database closes). */
  stop(): void;
}

/**
 * The events of `sql`. `relayed` is told after a relay numbered events; `notifyChannel` (PostgreSQL) is
 * where other instances hear it.
 */
export function createSqlEvents(sql: Sql, relayed: EventsRelayed = () => undefined, notifyChannel: string | null = null): SqlEvents {
  // One relay at a time in this process; callers during one share the next (it sees what they committed).
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const runRelay = async (): Promise<void> => {
    const { numbered, heldBack } = await relay(sql, notifyChannel);
    if (numbered > 0) relayed();
    if (heldBack && !retry && !stopped) {
      retry = setTimeout(() => {
        retry = null;
        void relayNow().catch((error: unknown) => console.error('Numbering live events failed', error));
      }, HELD_BACK_RETRY_MS);
      retry.unref?.();
    }
  };
  const relayNow = (): Promise<void> => {
    // Inside a change's transaction the relay waits (PGlite has one connection; a relay would wait for it).
    if (inTransaction()) return Promise.resolve();
    if (!running) {
      running = runRelay().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return relayNow();
      });
    return next;
  };

  return {
    append(event) {
      // Stored with the unit of work's other appends (server/db/store.ts writes `events` to the outbox).
      stage(EVENTS_COLLECTION, { ...event, id: '' });
    },
    async newestId() {
      await relayNow();
      const { rows } = await reader(sql).query<{ newest: number | string | null }>('SELECT max(position) AS newest FROM live_events');
      return Number(rows[0]?.newest ?? 0);
    },
    async after(after, limit) {
      await relayNow();
      const { rows } = await reader(sql).query<{ position: number | string; data: Omit<EventRecord, 'id'> }>(
        'SELECT position, data FROM live_events WHERE position > $1 ORDER BY position LIMIT $2',
        [Math.max(0, Math.trunc(after)), limit],
      );
      return rows.map(recordOf);
    },
    async prune(keep, before) {
      const { tx } = await writer();
      // The newest one always stays: a reader starting now starts after it.
      const { rows } = await tx.query<{ entry: string }>(
        `DELETE FROM live_events e USING (
           SELECT entry, data ->> 'at' AS at, row_number() OVER (ORDER BY position DESC) AS place
           FROM live_events WHERE position IS NOT NULL
         ) newest_first
         WHERE e.entry = newest_first.entry AND place > 1 AND (place > $1 OR at COLLATE "C" < $2)
         RETURNING e.entry`,
        [keep, before],
      );
      return rows.length;
    },
    relay: relayNow,
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}

/** Stores staged events in the outbox, in order, unnumbered (server/db/store.ts writeBatch). */
export async function insertEvents(tx: Queryable, events: readonly object[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO live_events (data)
     SELECT value - 'id' FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(value, place) ORDER BY place`,
    [JSON.stringify(events)],
  );
}
