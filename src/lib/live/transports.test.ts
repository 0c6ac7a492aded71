import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import type { LiveEventsEvent } from '@machines/live/live-events.machine';
import { configureApiClient } from '../api-client';
import { LIVE_WAKE_EVENT } from '../../../core/live-wake';
import { embeddedStreamActor, remoteStreamActor } from './transports';

const anEvent = (id: string): LiveEvent => ({
  id,
  type: 'unit.deleted',
  at: '2026-11-26T12:00:00.000Z',
  organizationId: 'org-1',
  subjectId: `unit-${id}`,
  unitId: `unit-${id}`,
  data: {},
});

const frame = (event: LiveEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** A response whose body the test writes chunk by chunk (frames may be split anywhere). */
function streamingResponse(init: ResponseInit = {}) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init }),
    write: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

/** Runs a stream actor under a parent that records what it sends back. */
function run(logic: ReturnType<typeof remoteStreamActor>, lastEventId: string | null = null) {
  const received: LiveEventsEvent[] = [];
  const parent = createMachine({
    invoke: { id: 'stream', src: logic, input: { lastEventId } },
    on: { '*': { actions: ({ event }: { event: EventObject }) => received.push(event as LiveEventsEvent) } },
  });
  const actor = createActor(parent).start();
  return { received, stop: () => actor.stop() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  configureApiClient({ getAccessToken: () => null, onUnauthorized: null, onLocked: null });
  vi.unstubAllGlobals();
});

describe('the remote stream (fetch + eventsource-parser)', () => {
  it('sends the bearer token and Last-Event-ID, and delivers each frame, however the chunks fall', async () => {
    configureApiClient({ getAccessToken: () => 'token-1' });
    const body = streamingResponse();
    const fetchImpl = vi.fn<typeof fetch>(async () => body.response);
    const { received, stop } = run(remoteStreamActor(fetchImpl), '41');
    await tick();

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/events$/);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Last-Event-ID': '41', Accept: 'text/event-stream' });

    const two = frame(anEvent('42')) + ': keepalive\n\n' + frame(anEvent('43'));
    body.write(two.slice(0, 30));
    body.write(two.slice(30));
    await tick();
    expect(received.map((e) => (e.type === 'stream.event' ? `event ${e.event.id}` : e.type))).toEqual([
      'stream.opened',
      'event 42',
      'event 43',
    ]);

    body.end();
    await tick();
    expect(received.at(-1)?.type).toBe('stream.ended');
    stop();
  });

  it('on a 401 asks the session for a fresh token (the API client’s refresh) and opens again', async () => {
    const onUnauthorized = vi.fn(async () => 'fresh');
    configureApiClient({ getAccessToken: () => 'stale', onUnauthorized });
    const body = streamingResponse();
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 401 }));
    fetchImpl.mockResolvedValueOnce(new Response(null, { status: 401 })).mockResolvedValueOnce(body.response);
    const { received, stop } = run(remoteStreamActor(fetchImpl));
    await tick();
    expect(onUnauthorized).toHaveBeenCalledWith('stale');
    expect(fetchImpl.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer fresh' });
    expect(received.map((e) => e.type)).toEqual(['stream.opened']);
    stop();
  });

  it.each([
    ['a 404', new Response(null, { status: 404 }), true],
    ['JSON instead of a stream', new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }), true],
    ['a 503', new Response(null, { status: 503 }), false],
  ])('reports %s as a failure (not served: %s)', async (_, response, notServed) => {
    const { received, stop } = run(remoteStreamActor(async () => response));
    await tick();
    expect(received).toEqual([expect.objectContaining({ type: 'stream.failed', notServed })]);
    stop();
  });

  it('closes the connection when stopped (sign-out)', async () => {
    let signal: AbortSignal | undefined;
    const { stop } = run(
      remoteStreamActor(async (_url, init) => {
        signal = init?.signal ?? undefined;
        return streamingResponse().response;
      }),
    );
    await tick();
    stop();
    expect(signal?.aborted).toBe(true);
  });
});

describe('the embedded backend’s stream (wake-ups + /api/events/recent)', () => {
  function recentEndpoint(pages: { items: LiveEvent[]; lastId: string | null }[]) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(String(url));
        const page = pages.shift() ?? { items: [], lastId: null };
        return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return urls;
  }

  it('starts from the newest id, and on each wake-up asks for what came after its cursor', async () => {
    const urls = recentEndpoint([
      { items: [], lastId: '10' },
      { items: [anEvent('11'), anEvent('12')], lastId: '12' },
    ]);
    const target = new EventTarget();
    const { received, stop } = run(embeddedStreamActor(target));
    await vi.waitFor(() => expect(received.map((e) => e.type)).toEqual(['stream.opened']));
    expect(received[0]).toEqual({ type: 'stream.opened', lastId: '10' });
    expect(urls[0]).not.toContain('after=');

    target.dispatchEvent(new Event(LIVE_WAKE_EVENT));
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(urls[1]).toContain('after=10');
    expect(received.slice(1).map((e) => (e.type === 'stream.event' ? e.event.id : e.type))).toEqual(['11', '12']);
    stop();
  });

  it('resumes after the id it is given and reports a failed ask', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"down"}', { status: 503, headers: { 'content-type': 'application/json' } })),
    );
    const { received, stop } = run(embeddedStreamActor(new EventTarget()), '5');
    await vi.waitFor(() => expect(received.map((e) => e.type)).toEqual(['stream.failed']));
    stop();
  });
});
