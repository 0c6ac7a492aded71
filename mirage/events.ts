import { EVENTS_COLLECTION, pruneEvents as pruneStored, type EventRecord, type EventRepository } from '../core/events';
import { table, type MirageDb } from './db';
import type { ChangeBatch } from './store/change-log';

/**
 * The live events (core/events.ts): the `events` collection is the outbox. A domain appends an event in
 * the same unit of work as the change it reports, so the server commits both in one transaction and the
 * browser stores both in one IndexedDB commit. Readers ask for the events after an id, filtered by the
 * same read rule as the lists (mirage/access.ts).
 */

export type EventRow = EventRecord;

export { resourceOfEvent } from '../core/events';

export const eventsTable = (db: MirageDb) => table<EventRow>(db, EVENTS_COLLECTION);

const numeric = (id: string | number): number => Number(id);

/** The embedded backend's events: the rows in memory (ids are the collection's next numbers). */
export function memoryEvents(db: MirageDb): EventRepository {
  const byId = () => [...eventsTable(db).rows()].sort((a, b) => numeric(a.id) - numeric(b.id));
  return {
    append(event) {
      eventsTable(db).insert(event as Omit<EventRow, 'id'>);
    },
    newestId: () =>
      Promise.resolve(
        eventsTable(db)
          .rows()
          .reduce((newest, row) => Math.max(newest, numeric(row.id)), 0),
      ),
    after: (after, limit) =>
      Promise.resolve(
        byId()
          .filter((row) => numeric(row.id) > after)
          .slice(0, limit),
      ),
    prune(keep, before) {
      const newestFirst = byId().reverse();
      const doomed = newestFirst.filter((row, index) => index > 0 && (index >= keep || row.at < before));
      for (const row of doomed) eventsTable(db).remove(row.id);
      return Promise.resolve(doomed.length);
    },
  };
}

/** The live events in memory (the embedded backend's). */
export const eventStore = (db: MirageDb): EventRepository => memoryEvents(db);

/** Drops events beyond the retention (core/events.ts pruneEvents). */
export const pruneEvents = (db: MirageDb, now: number, max?: number, maxAgeMs?: number): Promise<number> =>
  pruneStored(eventStore(db), now, max, maxAgeMs);

/** The collections whose rows wake live readers: events, and commands (agents waiting for theirs). */
export const LIVE_COLLECTIONS: readonly string[] = [EVENTS_COLLECTION, 'commands'];

/** Whether a stored batch holds new events or commands (a host wakes its streams and long polls then). */
export function touchesLiveCollections(batch: ChangeBatch): boolean {
  return batch.some((change) => LIVE_COLLECTIONS.includes(change.collection) && change.put.length > 0);
}
