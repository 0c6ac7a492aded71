import { Response, type Server } from 'miragejs';
import { errorResponse, json, queryParam, withAuth } from '../http';
import { eventFrame, eventsAfter } from '../events';
import type { MirageContext, MirageDomain } from '../types';

/**
 * The live events (mirage/events.ts): `GET /api/events/recent` for polling, and `GET /api/events`, the
 * server-sent event stream. Here the stream is one finite body (the events after Last-Event-ID or `after`,
 * then it ends; an EventSource-style reader reconnects): the Node server keeps the connection open instead
 * (server/, through /api/events/recent), and the browser's embedded backend wakes its readers with the
 * window event `sua:events` (mirage/browser.ts).
 */

const EVENT_ID = /^[0-9]{1,18}$/;
export const DEFAULT_EVENT_LIMIT = 200;
export const MAX_EVENT_LIMIT = 500;

function routes(server: Server, _ctx: MirageContext): void {
  server.get(
    '/events/recent',
    withAuth(server, async ({ db, request, user }) => {
      const after = queryParam(request, 'after');
      const limitText = queryParam(request, 'limit');
      const errors: Record<string, string> = {};
      if (after !== undefined && !EVENT_ID.test(after)) errors['after'] = 'invalid';
      const limit = limitText === undefined ? DEFAULT_EVENT_LIMIT : Number(limitText);
      if (!/^\d{1,3}$/.test(limitText ?? '1') || !Number.isInteger(limit) || limit < 1 || limit > MAX_EVENT_LIMIT)
        errors['limit'] = 'invalid';
      if (Object.keys(errors).length > 0) return errorResponse(422, 'Validation failed', errors);
      return json(200, await eventsAfter(db, user, after ?? null, limit));
    }),
  );

  server.get(
    '/events',
    withAuth(server, async ({ db, request, user }) => {
      const header = request.requestHeaders['Last-Event-ID'] ?? request.requestHeaders['last-event-id'];
      const given = header ?? queryParam(request, 'after');
      const after = given !== undefined && EVENT_ID.test(given.trim()) ? given.trim() : null;
      const page = await eventsAfter(db, user, after, MAX_EVENT_LIMIT);
      // Without a starting point, an `id:` line with no data sets the reader's last id (nothing is dispatched).
      const body = after === null ? `id: ${page.lastId}\n\n` : page.items.map(eventFrame).join('') || ': no new events\n\n';
      return new Response(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' }, body);
    }),
  );
}

export const eventsDomain: MirageDomain = {
  name: 'events',
  routes,
};
