import type { Resource } from '../machines/permissions/can';
import type { LiveEvent, LiveEventData, LiveEventType } from '../machines/domain/types';
import { readableBy } from './access';
import { table, type MirageDb, type Row } from './db';
import type { UserRow } from './http';
import type { ChangeBatch } from './store/change-log';

/**
 * The live events (docs/domain.md, "Live events"): the `events` collection is the outbox. A domain inserts
 * an event in the same unit of work as the change it reports, so the server commits both in one
 * transaction and the browser stores both in one IndexedDB commit. Readers ask for the events after an id,
 * filtered by the same read rule as the lists (mirage/access.ts).
 */

export type EventRow = LiveEvent & Row;

export const EVENTS_COLLECTION = 'events';
/** Retention: the newest MAX_EVENTS events, none older than MAX_EVENT_AGE_MS (the newest one always stays). */
export const MAX_EVENTS = 5_000;
export const MAX_EVENT_AGE_MS = 24 * 3_600_000;

export const eventsTable = (db: MirageDb) => table<EventRow>(db, EVENTS_COLLECTION);

export interface EventInput<T extends LiveEventType> {
  type: T;
  organizationId: string | number | null | undefined;
  subjectId: string | number;
  unitId?: string | number | null;
  data: LiveEventData[T];
}

const idText = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** Stores one event (its id is the collection's next one: increasing in commit order). */
export function emitEvent<T extends LiveEventType>(db: MirageDb, now: number, input: EventInput<T>): EventRow {
  return eventsTable(db).insert({
    type: input.type,
    at: new Date(now).toISOString(),
    organizationId: idText(input.organizationId),
    subjectId: String(input.subjectId),
    unitId: idText(input.unitId),
    data: input.data,
  } as Omit<EventRow, 'id'>);
}

/** The resource whose read rule decides who sees an event. */
export function resourceOfEvent(type: LiveEventType): Resource {
  if (type === 'screenshot.captured' || type === 'screenshot.changed') return 'screenshot';
  if (type === 'user.changed') return 'user';
  if (type === 'organization.changed') return 'organization';
  return 'serviceUnit';
}

const numeric = (id: string | number): number => Number(id);

/** The newest event id there is ('0' when none). */
export function newestEventId(db: MirageDb): string {
  let newest = 0;
  for (const row of eventsTable(db).rows()) newest = Math.max(newest, numeric(row.id));
  return String(newest);
}

export interface EventPage {
  items: LiveEvent[];
  lastId: string;
}

/**
 * The events after `after` that the user may read, oldest first, at most `limit`. Without `after`, no items
 * and the newest id (where a reader starts). `lastId` is the newest id the reader has now passed: also past
 * events it may not see, so it never asks for them again.
 */
export function eventsAfter(db: MirageDb, user: UserRow, after: string | null, limit: number): EventPage {
  if (after === null) return { items: [], lastId: newestEventId(db) };
  const from = numeric(after);
  const newer = eventsTable(db)
    .rows()
    .filter((row) => numeric(row.id) > from)
    .sort((a, b) => numeric(a.id) - numeric(b.id));
  const readers = new Map<Resource, ReturnType<typeof readableBy>>();
  const readable = (row: Readonly<EventRow>) => {
    const resource = resourceOfEvent(row.type);
    let reader = readers.get(resource);
    if (!reader) readers.set(resource, (reader = readableBy(user, resource)));
    return reader.all || reader(row.organizationId);
  };
  const items: LiveEvent[] = [];
  let lastId = after;
  for (const row of newer) {
    if (items.length >= limit) break;
    lastId = String(row.id);
    if (readable(row)) items.push(toLiveEvent(row));
  }
  return { items, lastId };
}

export function toLiveEvent(row: Readonly<EventRow>): LiveEvent {
  return {
    id: String(row.id),
    type: row.type,
    at: row.at,
    organizationId: row.organizationId,
    subjectId: row.subjectId,
    unitId: row.unitId,
    data: row.data,
  } as LiveEvent;
}

/** One server-sent-event frame (docs/api/openapi.yaml, `GET /api/events`). */
export function eventFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Drops events beyond the retention (the newest MAX_EVENTS, none older than 24 h); keeps the newest one. */
export function pruneEvents(db: MirageDb, now: number, max = MAX_EVENTS, maxAgeMs = MAX_EVENT_AGE_MS): number {
  const rows = eventsTable(db).rows();
  if (rows.length === 0) return 0;
  const cutoff = new Date(now - maxAgeMs).toISOString();
  const byId = [...rows].sort((a, b) => numeric(b.id) - numeric(a.id));
  // The newest stays whatever its age: ids continue after it when the stored rows are loaded again.
  const doomed = byId.slice(1).filter((row, index) => index + 1 >= max || row.at < cutoff);
  for (const row of doomed) eventsTable(db).remove(row.id);
  return doomed.length;
}

/** The collections whose rows wake live readers: events, and commands (agents waiting for theirs). */
export const LIVE_COLLECTIONS: readonly string[] = [EVENTS_COLLECTION, 'commands'];

/** Whether a stored batch holds new events or commands (a host wakes its streams and long polls then). */
export function touchesLiveCollections(batch: ChangeBatch): boolean {
  return batch.some((change) => LIVE_COLLECTIONS.includes(change.collection) && change.put.length > 0);
}
