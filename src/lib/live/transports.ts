import { createParser } from 'eventsource-parser';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import type { FetchRecentInput, LiveEventsEvent, OpenStreamInput, RecentEvents } from '@machines/live/live-events.machine';
import { LIVE_WAKE_EVENT } from '../../../core/live-wake';
import { apiClient } from '../api-client';
import { apiConfig } from '../api-config';

/** How many events one ask fetches (the contract's default; its maximum is 500). */
const PAGE_LIMIT = 200;

/** One page of `GET /api/events/recent` through the API client (bearer token, refresh on 401, base URL). */
export function getRecentEvents(after: string | null, signal?: AbortSignal): Promise<RecentEvents> {
  return apiClient.get<RecentEvents>('/api/events/recent', {
    query: { after: after ?? undefined, limit: PAGE_LIMIT },
    ...(signal ? { signal } : {}),
  });
}

/** The events after `after`, page after page until a short one (the polling fallback's `fetchRecent`). */
export async function getAllRecentEvents(after: string | null, signal?: AbortSignal): Promise<RecentEvents> {
  const items: LiveEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await getRecentEvents(cursor, signal);
    items.push(...page.items);
    cursor = page.lastId ?? cursor;
    if (after === null || page.items.length < PAGE_LIMIT) return { items, lastId: cursor };
  }
}

export const fetchRecentActor = fromPromise<RecentEvents, FetchRecentInput>(({ input, signal }) => getAllRecentEvents(input.after, signal));

/** Answers meaning "no stream here": poll instead of retrying the stream. */
const NOT_SERVED = new Set([404, 405, 406, 501]);

class StreamError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

type Send = (event: LiveEventsEvent) => void;

/** Reads `text/event-stream` frames from a response body and sends each LiveEvent back. */
export async function readEventStream(body: ReadableStream<Uint8Array>, send: Send, signal: AbortSignal): Promise<void> {
  const parser = createParser({
    onEvent: (message) => {
      try {
        const event = JSON.parse(message.data) as LiveEvent;
        send({ type: 'stream.event', event });
      } catch {
        // a frame that is not a LiveEvent is skipped; the next one still counts
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Remote mode's stream: `GET /api/events` read with `fetch` (EventSource cannot send the bearer token), from
 * `Last-Event-ID`. A 401 asks the session for a fresh token (the API client's refresh) and opens once more.
 */
export function remoteStreamActor(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)) {
  return fromCallback<EventObject, OpenStreamInput>(({ input, sendBack }) => openRemoteStream(input, sendBack, fetchImpl));
}

/** The remote stream's work: opens it and sends each `stream.*` event back; returns the close. */
export function openRemoteStream(
  input: OpenStreamInput,
  sendBack: Send,
  fetchImpl: typeof fetch = (url, init) => globalThis.fetch(url, init),
): () => void {
  const controller = new AbortController();
  const send: Send = (event) => {
    if (!controller.signal.aborted) sendBack(event);
  };
  const open = (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (input.lastEventId !== null) headers['Last-Event-ID'] = input.lastEventId;
    return fetchImpl(`${apiConfig.baseURL}/api/events`, { headers, signal: controller.signal, cache: 'no-store' });
  };
  void (async () => {
    try {
      let token = apiConfig.getAccessToken();
      let response = await open(token);
      if (response.status === 401 && token && apiConfig.onUnauthorized) {
        token = await apiConfig.onUnauthorized(token);
        response = await open(token);
      }
      if (response.status === 423) apiConfig.onLocked?.();
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body) throw new StreamError(`The event stream answered ${response.status}`, response.status);
      if (!type.includes('text/event-stream')) throw new StreamError(`The event stream answered ${type || 'no content type'}`, 406);
      send({ type: 'stream.opened' });
      await readEventStream(response.body, send, controller.signal);
      send({ type: 'stream.ended' });
    } catch (error) {
      send({ type: 'stream.failed', error, notServed: error instanceof StreamError && NOT_SERVED.has(error.status) });
    }
  })();
  return () => controller.abort();
}

/**
 * Demo mode's stream: the embedded backend (Pretender) cannot stream, so it wakes this actor with a window
 * event whenever it stores events, and the actor asks `/api/events/recent` for what came after its cursor.
 */
export function embeddedStreamActor(target: WakeTarget = window) {
  return fromCallback<EventObject, OpenStreamInput>(({ input, sendBack }) => openEmbeddedStream(input, sendBack, target));
}

type WakeTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The embedded stream's work: asks on every wake-up and sends each `stream.*` event back; returns the close. */
export function openEmbeddedStream(input: OpenStreamInput, sendBack: Send, target: WakeTarget = window): () => void {
  const controller = new AbortController();
  let cursor = input.lastEventId;
  let opened = false;
  let asking = false;
  let askAgain = false;
  const send: Send = (event) => {
    if (!controller.signal.aborted) sendBack(event);
  };
  // One ask at a time; a wake-up during one asks again right after it.
  const ask = async () => {
    if (asking) {
      askAgain = true;
      return;
    }
    asking = true;
    try {
      do {
        askAgain = false;
        const page = await getAllRecentEvents(cursor, controller.signal);
        if (!opened) {
          opened = true;
          // Without a cursor the answer is only the starting point (no items).
          send({ type: 'stream.opened', lastId: cursor === null ? page.lastId : undefined });
        }
        for (const event of page.items) send({ type: 'stream.event', event });
        cursor = page.lastId ?? cursor;
      } while (askAgain && !controller.signal.aborted);
    } catch (error) {
      send({ type: 'stream.failed', error });
    } finally {
      asking = false;
    }
  };
  const onWake = () => void ask();
  target.addEventListener(LIVE_WAKE_EVENT, onWake);
  void ask();
  return () => {
    controller.abort();
    target.removeEventListener(LIVE_WAKE_EVENT, onWake);
  };
}
