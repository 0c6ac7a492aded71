import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { LiveEvent } from '../domain/types';
import {
  liveEventsMachine,
  type FetchRecentInput,
  type LiveEventsEvent,
  type OpenStreamInput,
  type RecentEvents,
} from '../live/live-events.machine';

export interface FakeLiveConnectionOptions {
  /** Whether each stream answers at once (default true); false: it waits for `send({ type: 'stream.opened' })`. */
  open?: boolean;
}

/**
 * The REAL live-events machine on a stream the test writes into: what the session runs as its child `live` in
 * tests (machines/testing/session-harness.ts). `running()` is how many streams are open (0 once signed
 * out or locked), `opens` where each was asked to start (`Last-Event-ID`), `push` hands the connection an event
 * as the backend sends it (numbered here: the machine drops an id it has passed).
 */
export function fakeLiveConnection({ open = true }: FakeLiveConnectionOptions = {}) {
  const opens: OpenStreamInput[] = [];
  let sendBack: ((event: LiveEventsEvent) => void) | null = null;
  let running = 0;
  let lastId = 0;
  const openStream = fromCallback<EventObject, OpenStreamInput>(({ input, sendBack: back }) => {
    opens.push(input);
    running += 1;
    sendBack = back;
    if (open) back({ type: 'stream.opened', lastId: '0' });
    return () => {
      running -= 1;
      sendBack = null;
    };
  });
  const logic = liveEventsMachine.provide({
    actors: {
      openStream,
      // Never answers: a test that needs polling drives the machine itself (live-events.machine.test.ts).
      fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
    },
  });
  const send = (event: LiveEventsEvent) => sendBack?.(event);
  return {
    logic,
    /** How many streams are open (the stream actor started and not stopped). */
    running: () => running,
    /** Where each stream was asked to start, in order. */
    opens,
    /** Hands the open stream's machine any `stream.*` event; nothing when no stream is open. */
    send,
    /** The next event from the open stream (no stream open: lost, as on a real connection). */
    push(event: LiveEvent) {
      lastId += 1;
      send({ type: 'stream.event', event: { ...event, id: String(lastId) } });
    },
  };
}

export type FakeLiveConnection = ReturnType<typeof fakeLiveConnection>;
