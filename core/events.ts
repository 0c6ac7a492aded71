import type { LiveEvent, LiveEventType } from '../machines/domain/types';
import type { Resource } from '../machines/permissions/can';

/**
 * The live events (docs/domain.md, "Live events") behind one async repository: the outbox. A domain appends
 * an event in the unit of work of the change it reports, so both are stored together or not at all. The
 * embedded backend's events are rows in memory (mirage/events.ts); the server's are PostgreSQL's
 * (server/db/events.ts), so no server process keeps them. Who may read an event, its page after a cursor
 * and its retention are decided here, once.
 */

/** The collection of the events' records. */
export const EVENTS_COLLECTION = 'events';

export type EventRecord = LiveEvent;
export type NewEvent = Omit<LiveEvent, 'id'>;

/** Retention: the newest MAX_EVENTS events, none older than MAX_EVENT_AGE_MS (the newest one always stays). */
export const MAX_EVENTS = 5_000;
export const MAX_EVENT_AGE_MS = 24 * 3_600_000;

export interface EventRepository {
  /**
   * Stores an event with the current change: its id, a number greater than every stored event's (also
   * pruned ones'), is given when it is stored, so ids increase in commit order.
   */
  append(event: NewEvent): void;
  /** The newest stored event's id (0 when there is none). */
  newestId(): Promise<number>;
  /** The stored events with an id greater than `after`, oldest first, at most `limit`. */
  after(after: number, limit: number): Promise<EventRecord[]>;
  /**
   * Removes every event but the newest that is not among the newest `keep` or is older than `before`
   * (ISO, compared as text); answers how many went.
   */
  prune(keep: number, before: string): Promise<number>;
}

/** The resource whose read rule decides who sees an event. */
export function resourceOfEvent(type: LiveEventType): Resource {
  if (type === 'screenshot.captured' || type === 'screenshot.changed') return 'screenshot';
  if (type === 'user.changed') return 'user';
  if (type === 'organization.changed') return 'organization';
  return 'serviceUnit';
}

export interface EventPage {
  items: LiveEvent[];
  lastId: string;
}

/** Whether the reader may see an event of `resource` in this organization (the lists' read rule). */
export type EventReader = (resource: Resource, organizationId: string | null) => boolean;

/**
 * The events after `after` that the reader may see, oldest first, at most `limit`. Without `after`, no
 * items and the newest id (where a reader starts). `lastId` is the newest id the reader has now passed:
 * also past events it may not see, so it never asks for them again.
 */
export async function eventsAfter(events: EventRepository, readable: EventReader, after: string | null, limit: number): Promise<EventPage> {
  if (after === null) return { items: [], lastId: String(await events.newestId()) };
  const items: LiveEvent[] = [];
  let lastId = after;
  let cursor = Number(after);
  // Pages of the stored events until `limit` readable ones or the end (at most the retention's 5,000).
  for (;;) {
    const page = await events.after(cursor, limit);
    for (const event of page) {
      if (items.length >= limit) return { items, lastId };
      lastId = String(event.id);
      cursor = Number(event.id);
      if (readable(resourceOfEvent(event.type), event.organizationId)) items.push(toLiveEvent(event));
    }
    if (page.length < limit || items.length >= limit) return { items, lastId };
  }
}

export function toLiveEvent(row: Readonly<EventRecord>): LiveEvent {
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
export function pruneEvents(events: EventRepository, now: number, max = MAX_EVENTS, maxAgeMs = MAX_EVENT_AGE_MS): Promise<number> {
  return events.prune(max, new Date(now - maxAgeMs).toISOString());
}
