import type { Resource } from '../../machines/permissions/can';
import { eventFrame, eventsAfter, type EventPage } from '../../core/events';
import { readsOrganization } from '../access';
import type { Account, ApiEnv } from '../env';

/**
 * The live events (core/events.ts): the events after an id that the caller may read, by the lists' read rule.
 * `GET /api/events` answers them as one finite server-sent-event body (a reader reconnects); the Node server
 * holds that stream open itself (server/events/stream.ts, over `GET /api/events/recent`), and the browser's
 * embedded backend wakes its readers with the window event `sua:events` (mirage/browser.ts).
 */

const EVENT_ID = /^[0-9]{1,18}$/;
export const DEFAULT_EVENT_LIMIT = 200;
export const MAX_EVENT_LIMIT = 500;

/** The events after `after` the caller may read, at most `limit`. */
function readableEvents(env: Pick<ApiEnv, 'events'>, caller: Account, after: string | null, limit: number): Promise<EventPage> {
  const readers = new Map<Resource, ReturnType<typeof readsOrganization>>();
  const readable = (resource: Resource, organizationId: string | null) => {
    let reader = readers.get(resource);
    if (!reader) readers.set(resource, (reader = readsOrganization(caller, resource)));
    return reader.all || reader(organizationId);
  };
  return eventsAfter(env.events, readable, after, limit);
}

/** `GET /api/events/recent?after=&limit=`: a page of events, or the fields that are invalid. */
export async function recentEvents(
  env: Pick<ApiEnv, 'events'>,
  caller: Account,
  after: string | null,
  limitText: string | null,
): Promise<EventPage | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  if (after !== null && !EVENT_ID.test(after)) errors['after'] = 'invalid';
  const limit = limitText === null ? DEFAULT_EVENT_LIMIT : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? '1') || !Number.isInteger(limit) || limit < 1 || limit > MAX_EVENT_LIMIT) errors['limit'] = 'invalid';
  if (Object.keys(errors).length > 0) return { errors };
  return readableEvents(env, caller, after, limit);
}

/**
 * `GET /api/events`: the frames after Last-Event-ID (or `after`). Without a starting point, an `id:` line with
 * no data sets the reader's last id (nothing is dispatched).
 */
export async function eventStreamBody(env: Pick<ApiEnv, 'events'>, caller: Account, given: string | null): Promise<string> {
  const after = given !== null && EVENT_ID.test(given.trim()) ? given.trim() : null;
  const page = await readableEvents(env, caller, after, MAX_EVENT_LIMIT);
  if (after === null) return `id: ${page.lastId}\n\n`;
  return page.items.map(eventFrame).join('') || ': no new events\n\n';
}
