import { assign, enqueueActions, fromCallback, fromPromise, not, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { LiveEvent, ServiceUnitWithStatus } from '../domain/types';

/**
 * The app's one live connection to the backend's events (docs/live.md).
 *
 * - `stream`: the `openStream` actor runs for as long as this state lasts; `connecting` until it reports
 *   `stream.opened`, then `live`. Every `stream.event` moves `lastEventId` on and is emitted to subscribers
 *   (`actor.on('unit.online', …)`, `actor.on('*', …)`). A stream that stays open for `stableMs` clears the
 *   failure count, so one that opens and drops at once keeps counting.
 * - `reconnecting`: waits a backoff (base × 2ⁿ, capped at `maxDelayMs`, less a random part so many tabs do
 *   not reconnect in step), then opens the stream again from `lastEventId`.
 * - `polling`: after `maxFailures` failures in a row, or at once when the stream is not served (a proxy
 *   that refuses `text/event-stream`), asks `fetchRecent` every `pollMs`; every `streamRetryMs` it tries
 *   the stream again.
 * - `paused`: the signed-in screens went while the sign-in goes on (the lock screen): the stream is closed but
 *   `lastEventId` stays, so `live.resume` of the same `owner` opens it from there and the screens get what
 *   happened meanwhile. A `live.resume` of another owner (another sign-in, another person), in any state,
 *   opens the stream again from now.
 * - `closed`: signed out (`live.stop`): the stream's actor is stopped and the cursor forgotten.
 *
 * The machine knows nothing of HTTP: the app provides `openStream` (a callback actor that sends back the
 * `stream.*` events) and `fetchRecent` (a promise actor).
 */

export interface RecentEvents {
  items: LiveEvent[];
  /** The newest event id the backend has (the cursor to ask from next), or null when there is none. */
  lastId: string | null;
}

export interface OpenStreamInput {
  /** Resume after this id (`Last-Event-ID`); null: from now on. */
  lastEventId: string | null;
}

export interface FetchRecentInput {
  /** The events after this id; null: none, only the newest id as a starting point. */
  after: string | null;
}

export type LiveEventsEvent =
  /** The stream answered; `lastId` is where it starts when the actor learnt it (the embedded backend's first ask). */
  | { type: 'stream.opened'; lastId?: string | null }
  | { type: 'stream.event'; event: LiveEvent }
  /** The connection failed; `notServed`: the stream is not offered here (404, 405, 501, another content type), so poll. */
  | { type: 'stream.failed'; error: unknown; notServed?: boolean }
  /** The server closed the stream (its token expired, a restart): open it again. */
  | { type: 'stream.ended' }
  /** The signed-in screens went, the sign-in goes on (locked): close the stream, keep the cursor. */
  | { type: 'live.pause' }
  /** They are back: resume from the cursor if it is `owner`'s, else start from now. */
  | { type: 'live.resume'; owner: string | null }
  /** Signed out: close for good and forget the cursor. */
  | { type: 'live.stop' };

export interface LiveEventsInput {
  /** Whose cursor this is: the sign-in (person and session) the app runs it for; a resume by another starts over. */
  owner?: string | null;
  /** First delay before reconnecting, ms (default 1 000). */
  baseDelayMs?: number;
  /** Longest delay before reconnecting, ms (default 30 000). */
  maxDelayMs?: number;
  /** Share of a delay that is random, 0–1 (default 0.5); tests give 0. */
  jitter?: number;
  /** Failures in a row before falling back to polling (default 4). */
  maxFailures?: number;
  /** How long a stream must stay open to count as working, ms (default 10 000). */
  stableMs?: number;
  /** Polling interval, ms (default 5 000). */
  pollMs?: number;
  /** While polling, how often the stream is tried again, ms (default 60 000). */
  streamRetryMs?: number;
}

export interface LiveEventsContext {
  lastEventId: string | null;
  /** The sign-in `lastEventId` belongs to. */
  owner: string | null;
  /** Stream failures in a row. */
  failures: number;
  error: unknown;
  baseDelayMs: number;
  maxDelayMs: number;
  jitter: number;
  maxFailures: number;
  stableMs: number;
  pollMs: number;
  streamRetryMs: number;
}

/** The wait before the n-th reconnection (n ≥ 1): exponential, capped, less up to `jitter` of it at random. */
/**
 * The unit a live event shows as it is now (`unit.changed`, `unit.online`, `unit.offline`), or null: the one filter
 * the units list and the unit drawer apply.
 */
export function changedUnitOf(event: LiveEvent): ServiceUnitWithStatus | null {
  return event.type === 'unit.changed' || event.type === 'unit.online' || event.type === 'unit.offline' ? event.data.unit : null;
}

export function reconnectDelayMs(
  context: Pick<LiveEventsContext, 'baseDelayMs' | 'maxDelayMs' | 'jitter' | 'failures'>,
  random: number = Math.random(),
): number {
  const full = Math.min(context.maxDelayMs, context.baseDelayMs * 2 ** Math.max(0, context.failures - 1));
  return Math.round(full * (1 - context.jitter * random));
}

/** Ids are numeric strings, increasing: the larger one, comparing as numbers. */
function newer(current: string | null, next: string | null | undefined): string | null {
  if (next === null || next === undefined) return current;
  if (current === null) return next;
  return BigInt(next) > BigInt(current) ? next : current;
}

export const liveEventsMachine = setup({
  types: {} as {
    context: LiveEventsContext;
    events: LiveEventsEvent;
    input: LiveEventsInput;
    emitted: LiveEvent;
  },
  actors: {
    openStream: fromCallback<EventObject, OpenStreamInput>(() => {
      throw new Error('openStream not provided');
    }),
    fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(async () => {
      throw new Error('fetchRecent not provided');
    }),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelayMs(context),
    stable: ({ context }) => context.stableMs,
    pollInterval: ({ context }) => context.pollMs,
    streamRetry: ({ context }) => context.streamRetryMs,
  },
  guards: {
    isNotServed: ({ event }) => event.type === 'stream.failed' && event.notServed === true,
    isLastFailureAllowed: ({ context }) => context.failures + 1 >= context.maxFailures,
    isSameOwner: ({ context, event }) => event.type === 'live.resume' && event.owner === context.owner,
  },
  actions: {
    assignOpened: assign(({ context, event }) =>
      event.type === 'stream.opened' ? { lastEventId: newer(context.lastEventId, event.lastId), error: null } : {},
    ),
    /** Moves the cursor on and hands the event to subscribers (an event at or before the cursor was seen: dropped). */
    deliverStreamEvent: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'stream.event') return;
      if (context.lastEventId !== null && newer(context.lastEventId, event.event.id) === context.lastEventId) return;
      enqueue.assign({ lastEventId: event.event.id });
      enqueue.emit(event.event);
    }),
    deliverRecent: enqueueActions(({ context, enqueue }, { recent }: { recent: RecentEvents }) => {
      let cursor = context.lastEventId;
      for (const item of recent.items) {
        if (cursor !== null && newer(cursor, item.id) === cursor) continue;
        cursor = item.id;
        enqueue.emit(item);
      }
      enqueue.assign({ lastEventId: newer(cursor, recent.lastId), error: null });
    }),
    countFailure: assign(({ context, event }) => ({
      failures: context.failures + 1,
      error: event.type === 'stream.failed' ? event.error : null,
    })),
    resetFailures: assign({ failures: () => 0 }),
    /** Another sign-in: its events start from now, never from the previous one's cursor. */
    startOver: assign(({ event }) => ({
      owner: event.type === 'live.resume' ? event.owner : null,
      lastEventId: null,
      failures: 0,
      error: null,
    })),
    forgetCursor: assign({ lastEventId: () => null, owner: () => null }),
    assignPollError: assign((_, { error }: { error: unknown }) => ({ error })),
  },
}).createMachine({
  id: 'liveEvents',
  context: ({ input }) => ({
    lastEventId: null,
    owner: input.owner ?? null,
    failures: 0,
    error: null,
    baseDelayMs: input.baseDelayMs ?? 1000,
    maxDelayMs: input.maxDelayMs ?? 30_000,
    jitter: input.jitter ?? 0.5,
    maxFailures: input.maxFailures ?? 4,
    stableMs: input.stableMs ?? 10_000,
    pollMs: input.pollMs ?? 5000,
    streamRetryMs: input.streamRetryMs ?? 60_000,
  }),
  initial: 'stream',
  on: {
    'live.pause': { target: '.paused' },
    // Another sign-in's events start from now, whatever this one was doing (its stream or poll starts again).
    'live.resume': { guard: not('isSameOwner'), target: '.stream', actions: 'startOver' },
    'live.stop': { target: '.closed', actions: 'forgetCursor' },
  },
  states: {
    stream: {
      invoke: { id: 'stream', src: 'openStream', input: ({ context }) => ({ lastEventId: context.lastEventId }) },
      initial: 'connecting',
      on: {
        'stream.event': { actions: 'deliverStreamEvent' },
        'stream.failed': [
          { guard: 'isNotServed', target: 'polling', actions: 'countFailure' },
          { guard: 'isLastFailureAllowed', target: 'polling', actions: 'countFailure' },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
        // A graceful end is a failure too until the stream has proved stable (see `live.after`).
        'stream.ended': [
          { guard: 'isLastFailureAllowed', target: 'polling', actions: 'countFailure' },
          { target: 'reconnecting', actions: 'countFailure' },
        ],
      },
      states: {
        connecting: {
          tags: ['busy'],
          on: { 'stream.opened': { target: 'live', actions: 'assignOpened' } },
        },
        live: {
          after: { stable: { actions: 'resetFailures' } },
        },
      },
    },
    reconnecting: {
      after: { reconnectDelay: { target: 'stream' } },
    },
    polling: {
      initial: 'fetching',
      after: { streamRetry: { target: 'stream' } },
      states: {
        fetching: {
          invoke: {
            id: 'fetchRecent',
            src: 'fetchRecent',
            input: ({ context }) => ({ after: context.lastEventId }),
            onDone: { target: 'waiting', actions: { type: 'deliverRecent', params: ({ event }) => ({ recent: event.output }) } },
            onError: { target: 'waiting', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        waiting: {
          after: { pollInterval: { target: 'fetching' } },
        },
      },
    },
    // Nothing runs: no stream, no poll, no timer. The failure count starts afresh on resume, as a new start would.
    paused: {
      on: {
        // Another owner: the root's transition.
        'live.resume': { guard: 'isSameOwner', target: 'stream', actions: 'resetFailures' },
      },
    },
    closed: { type: 'final' },
  },
});

export type LiveEventsMachine = typeof liveEventsMachine;

/** What the header's indicator shows: `live`, `reconnecting` (connecting too) or `offline` (polling, closed). */
export type LiveStatus = 'live' | 'reconnecting' | 'offline';

/** The indicator's state; null while paused (no screen shows it, and one coming back resumes at once). */
export function liveStatusOf(snapshot: SnapshotFrom<LiveEventsMachine>): LiveStatus | null {
  if (snapshot.matches('paused')) return null;
  if (snapshot.matches({ stream: 'live' })) return 'live';
  if (snapshot.matches('stream') || snapshot.matches('reconnecting')) return 'reconnecting';
  return 'offline';
}
