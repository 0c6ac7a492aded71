import { inputRefusal, json } from '../http';
import { eventStreamBody, recentEvents } from '../services/events';
import type { SignedInRoutes } from './types';

/** GET /api/events/recent and GET /api/events (docs/api/openapi.yaml): HTTP in, the events service, HTTP out. */

export const eventRoutes: SignedInRoutes = {
  recentEvents: async ({ env, caller, request }) => {
    const query = new URL(request.url).searchParams;
    const page = await recentEvents(env, caller, query.get('after'), query.get('limit'));
    return 'errors' in page ? inputRefusal(page.errors) : json(200, page);
  },
  eventStream: async ({ env, caller, request }) => {
    const given = request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('after');
    return new Response(await eventStreamBody(env, caller, given), {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
    });
  },
};
