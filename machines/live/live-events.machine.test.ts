import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import type { LiveEvent } from '../domain/types';
import { createTestClock } from '../testing/clock';
import { callbackActor, deferredActor } from '../testing/deferred';
import { aUnit } from '../testing/fixtures';
import { flush } from '../testing/settle';
import {
  liveEventsMachine,
  liveStatusOf,
  reconnectDelayMs,
  type FetchRecentInput,
  type LiveEventsInput,
  type OpenStreamInput,
  type RecentEvents,
} from './live-events.machine';

const anEvent = (id: string, type: 'unit.online' | 'unit.offline' = 'unit.online'): LiveEvent => ({
  id,
  type,
  at: '2026-11-26T12:00:00.000Z',
  organizationId: 'org-1',
  subjectId: 'unit-1',
  unitId: 'unit-1',
  data: { unit: { ...aUnit(), status: type === 'unit.online' ? 'online' : 'offline', agent: null } },
});

function start(input: LiveEventsInput = {}) {
  const stream = callbackActor<EventObject, OpenStreamInput>();
  const recent = deferredActor<RecentEvents, FetchRecentInput>();
  const clock = createTestClock();
  const actor = createActor(liveEventsMachine.provide({ actors: { openStream: stream.logic, fetchRecent: recent.logic } }), {
    input: {
      jitter: 0,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      maxFailures: 3,
      stableMs: 10_000,
      pollMs: 5000,
      streamRetryMs: 60_000,
      ...input,
    },
    clock,
  }).start();
  const received: LiveEvent[] = [];
  actor.on('*', (event) => received.push(event));
  return { actor, stream, recent, clock, received };
}

describe('live events: the stream', () => {
  it('connects, goes live, and hands every event to subscribers in order', () => {
    const { actor, stream, received } = start();
    expect(liveStatusOf(actor.getSnapshot())).toBe('reconnecting');
    expect(stream.inputs).toEqual([{ lastEventId: null }]);

    stream.emit({ type: 'stream.opened' });
    expect(actor.getSnapshot().matches({ stream: 'live' })).toBe(true);
    expect(liveStatusOf(actor.getSnapshot())).toBe('live');

    stream.emit({ type: 'stream.event', event: anEvent('7') });
    stream.emit({ type: 'stream.event', event: anEvent('8', 'unit.offline') });
    expect(received.map((e) => [e.id, e.type])).toEqual([
      ['7', 'unit.online'],
      ['8', 'unit.offline'],
    ]);
    expect(actor.getSnapshot().context.lastEventId).toBe('8');
  });

  it('drops an event it has already delivered (a resumed stream repeating the last one)', () => {
    const { stream, received } = start();
    stream.emit({ type: 'stream.opened' });
    stream.emit({ type: 'stream.event', event: anEvent('9') });
    stream.emit({ type: 'stream.event', event: anEvent('9') });
    stream.emit({ type: 'stream.event', event: anEvent('10') });
    expect(received.map((e) => e.id)).toEqual(['9', '10']);
  });

  it('after a dropped connection, reconnects after a backoff and resumes from the last id', () => {
    const { actor, stream, clock } = start();
    stream.emit({ type: 'stream.opened' });
    stream.emit({ type: 'stream.event', event: anEvent('41') });
    stream.emit({ type: 'stream.failed', error: new Error('network') });

    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(liveStatusOf(actor.getSnapshot())).toBe('reconnecting');
    expect(stream.running()).toBe(0);
    clock.advance(999);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.advance(1);
    expect(actor.getSnapshot().matches({ stream: 'connecting' })).toBe(true);
    // The new stream asks for what came after the last event it delivered (Last-Event-ID).
    expect(stream.inputs.at(-1)).toEqual({ lastEventId: '41' });
  });

  it('doubles the wait after each failure in a row, capped, with a random part taken off', () => {
    const base = { baseDelayMs: 1000, maxDelayMs: 30_000, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => reconnectDelayMs({ ...base, failures }))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs({ ...base, jitter: 0.5, failures: 3 }, 1)).toBe(2000);
    expect(reconnectDelayMs({ ...base, jitter: 0.5, failures: 3 }, 0)).toBe(4000);
  });

  it('a stream that stays open clears the failure count; one that drops at once keeps it', () => {
    const { actor, stream, clock } = start();
    stream.emit({ type: 'stream.failed', error: new Error('refused') });
    clock.advance(1000);
    stream.emit({ type: 'stream.opened' });
    stream.emit({ type: 'stream.ended' });
    expect(actor.getSnapshot().context.failures).toBe(2);
    clock.advance(2000);
    stream.emit({ type: 'stream.opened' });
    clock.advance(10_000);
    expect(actor.getSnapshot().context.failures).toBe(0);
    // The server ended it (an expired token): back at the first, short wait.
    stream.emit({ type: 'stream.ended' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.advance(1000);
    expect(actor.getSnapshot().matches({ stream: 'connecting' })).toBe(true);
  });
});

describe('live events: the polling fallback', () => {
  it('falls back to polling after repeated failures, polls from the last id, and tries the stream again later', async () => {
    const { actor, stream, recent, clock, received } = start();
    stream.emit({ type: 'stream.opened' });
    stream.emit({ type: 'stream.event', event: anEvent('5') });
    stream.emit({ type: 'stream.failed', error: new Error('blocked') });
    clock.advance(1000);
    stream.emit({ type: 'stream.failed', error: new Error('blocked') });
    clock.advance(2000);
    stream.emit({ type: 'stream.failed', error: new Error('blocked') });

    expect(actor.getSnapshot().matches({ polling: 'fetching' })).toBe(true);
    expect(liveStatusOf(actor.getSnapshot())).toBe('offline');
    expect(recent.last().input).toEqual({ after: '5' });
    recent.last().resolve({ items: [anEvent('6'), anEvent('7', 'unit.offline')], lastId: '7' });
    await flush();
    expect(received.map((e) => e.id)).toEqual(['5', '6', '7']);
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);

    clock.advance(5000);
    expect(recent.last().input).toEqual({ after: '7' });
    recent.last().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().matches({ polling: 'waiting' })).toBe(true);

    clock.advance(55_000);
    expect(actor.getSnapshot().matches({ stream: 'connecting' })).toBe(true);
    expect(stream.inputs.at(-1)).toEqual({ lastEventId: '7' });
    // Still refused: straight back to polling, no new round of backoff.
    stream.emit({ type: 'stream.failed', error: new Error('blocked') });
    expect(actor.getSnapshot().matches('polling')).toBe(true);
  });

  it('polls at once when the stream is not served here', async () => {
    const { actor, stream, recent, received } = start();
    stream.emit({ type: 'stream.failed', error: new Error('404'), notServed: true });
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    // No id yet: the first answer is only the starting point.
    expect(recent.last().input).toEqual({ after: null });
    recent.last().resolve({ items: [], lastId: '120' });
    await flush();
    expect(actor.getSnapshot().context.lastEventId).toBe('120');
    expect(received).toEqual([]);
  });

  it('takes the starting point the stream reports when it opens', () => {
    const { actor, stream } = start();
    stream.emit({ type: 'stream.opened', lastId: '33' });
    expect(actor.getSnapshot().context.lastEventId).toBe('33');
  });
});

describe('live events: lock and unlock (pause, resume)', () => {
  const owner = 'user-2:key-1';

  it('resumes after an unlock from the last event it delivered, so the screens get what happened meanwhile', () => {
    const { actor, stream, received } = start({ owner });
    stream.emit({ type: 'stream.opened', lastId: '40' });
    stream.emit({ type: 'stream.event', event: anEvent('41') });

    actor.send({ type: 'live.pause' });
    expect(stream.running()).toBe(0);
    expect(liveStatusOf(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'live.resume', owner });
    expect(stream.inputs.at(-1)).toEqual({ lastEventId: '41' });
    // The backend sends what came after 41: an event of the locked time reaches the subscribers.
    stream.emit({ type: 'stream.opened' });
    stream.emit({ type: 'stream.event', event: anEvent('42', 'unit.offline') });
    expect(received.map((e) => e.id)).toEqual(['41', '42']);
    expect(liveStatusOf(actor.getSnapshot())).toBe('live');
  });

  it('a pause while polling stops the request and the timers; the resume tries the stream first, from the cursor', async () => {
    const { actor, stream, recent, clock } = start({ owner });
    stream.emit({ type: 'stream.failed', error: new Error('404'), notServed: true });
    recent.last().resolve({ items: [], lastId: '9' });
    await flush();

    actor.send({ type: 'live.pause' });
    clock.advance(120_000);
    await flush();
    expect(recent.calls).toHaveLength(1);
    expect(stream.inputs).toHaveLength(1);

    actor.send({ type: 'live.resume', owner });
    expect(actor.getSnapshot().matches({ stream: 'connecting' })).toBe(true);
    expect(stream.inputs.at(-1)).toEqual({ lastEventId: '9' });
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('pauses from the backoff too, and its timer no longer fires', () => {
    const { actor, stream, clock } = start({ owner });
    stream.emit({ type: 'stream.opened', lastId: '5' });
    stream.emit({ type: 'stream.failed', error: new Error('network') });
    actor.send({ type: 'live.pause' });
    clock.advance(60_000);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(stream.inputs).toHaveLength(1);
  });

  it('another sign-in starts from now, never from the previous cursor', () => {
    const { actor, stream } = start({ owner });
    stream.emit({ type: 'stream.opened', lastId: '40' });
    stream.emit({ type: 'stream.event', event: anEvent('41') });
    actor.send({ type: 'live.pause' });

    actor.send({ type: 'live.resume', owner: 'user-3:key-2' });
    expect(stream.inputs.at(-1)).toEqual({ lastEventId: null });
    expect(actor.getSnapshot().context.owner).toBe('user-3:key-2');
  });

  it('a resume of the same sign-in while running changes nothing; of another, it opens again from now', () => {
    const { actor, stream } = start({ owner });
    stream.emit({ type: 'stream.opened', lastId: '40' });
    actor.send({ type: 'live.resume', owner });
    expect(stream.inputs).toHaveLength(1);
    expect(actor.getSnapshot().matches({ stream: 'live' })).toBe(true);

    actor.send({ type: 'live.resume', owner: 'user-3:key-2' });
    expect(stream.running()).toBe(1);
    expect(stream.inputs).toEqual([{ lastEventId: null }, { lastEventId: null }]);
    expect(actor.getSnapshot().matches({ stream: 'connecting' })).toBe(true);
  });

  it('sign-out while locked forgets the cursor', () => {
    const { actor, stream } = start({ owner });
    stream.emit({ type: 'stream.opened', lastId: '40' });
    actor.send({ type: 'live.pause' });
    actor.send({ type: 'live.stop' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ lastEventId: null, owner: null });
  });
});

describe('live events: sign-out', () => {
  it('closes the stream and delivers nothing more', () => {
    const { actor, stream } = start();
    stream.emit({ type: 'stream.opened', lastId: '40' });
    expect(stream.running()).toBe(1);
    actor.send({ type: 'live.stop' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(stream.running()).toBe(0);
    expect(liveStatusOf(actor.getSnapshot())).toBe('offline');
    // The next sign-in's actor must not resume from this one's events.
    expect(actor.getSnapshot().context.lastEventId).toBeNull();
  });

  it('stops polling too', async () => {
    const { actor, stream, recent, clock } = start();
    stream.emit({ type: 'stream.failed', error: new Error('404'), notServed: true });
    actor.send({ type: 'live.stop' });
    expect(recent.last().signal.aborted).toBe(true);
    clock.advance(120_000);
    await flush();
    expect(recent.calls).toHaveLength(1);
    expect(stream.running()).toBe(0);
  });
});
