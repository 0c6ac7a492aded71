import { useSyncExternalStore } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import {
  liveEventsMachine,
  liveStatusOf,
  type FetchRecentInput,
  type LiveEventsMachine,
  type LiveStatus,
  type OpenStreamInput,
  type RecentEvents,
} from '@machines/live/live-events.machine';
import { isExplorerWindow } from '@/lib/inspection';
import { followSessionActor, peekSessionActor } from '@/lib/session/light';

/**
 * The live connection is the session's child `live` (machines/session: started on sign-in, paused while locked,
 * stopped on sign-out), so it is in the app's actor system and the explorer. The session module gives the
 * session machine `liveConnectionLogic()`; screens do not hold the connection: their machines invoke
 * `liveEventsActor(…)`, which follows whichever connection the session runs, so a screen shown before it
 * starts (or while a new sign-in restarts it) still gets every event once it runs.
 */

type LiveConnection = ActorRefFrom<LiveEventsMachine>;
type Mode = 'remote' | 'mirage';

const buildMode = (): Mode => (import.meta.env.VITE_API_MODE === 'remote' ? 'remote' : 'mirage');

/** The transports (the API client, ofetch, the SSE parser) load with the first connection, not with the session. */
const transports = () => import('./transports');

/**
 * The live-events machine with the transports of this build: a fetch-read SSE stream (remote) or the embedded
 * backend's wake-ups (mirage).
 */
export function liveConnectionLogic(mode: Mode = buildMode()) {
  const openStream = fromCallback<EventObject, OpenStreamInput>(({ input, sendBack }) => {
    let close: (() => void) | null = null;
    let stopped = false;
    transports().then(
      (t) => {
        if (stopped) return;
        close = mode === 'remote' ? t.openRemoteStream(input, sendBack) : t.openEmbeddedStream(input, sendBack);
      },
      (error: unknown) => {
        if (!stopped) sendBack({ type: 'stream.failed', error });
      },
    );
    return () => {
      stopped = true;
      close?.();
    };
  });
  const fetchRecent = fromPromise<RecentEvents, FetchRecentInput>(async ({ input, signal }) =>
    (await transports()).getAllRecentEvents(input.after, signal),
  );
  return liveEventsMachine.provide({ actors: { openStream, fetchRecent } });
}

/**
 * The session's live connection in this document. The explorer's own window gets one that never connects: it
 * shows the opener's actors, and a stream of its own would meet an expired token first and refresh the shared
 * token on its own, so the opener's requests would retry with it and the opener never refresh (its recording).
 */
export function sessionLiveLogic() {
  return isExplorerWindow() ? silentLiveLogic() : liveConnectionLogic();
}

/** A live connection that never connects and asks nothing (the explorer's window; tests that count requests). */
export function silentLiveLogic() {
  return liveEventsMachine.provide({
    actors: {
      openStream: fromCallback<EventObject, OpenStreamInput>(() => undefined),
      fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
    },
  });
}

/**
 * Calls `onChange` with the session's running live connection (or null) now and whenever it changes: a new
 * sign-in, a sign-out, another session actor (tests). Returns the unsubscribe.
 */
function followConnection(onChange: (connection: LiveConnection | null) => void): () => void {
  let current: LiveConnection | null | undefined;
  let unsubscribeSession: (() => void) | null = null;
  const unfollow = followSessionActor((session) => {
    unsubscribeSession?.();
    unsubscribeSession = null;
    const update = () => {
      const next = session?.getSnapshot().children.live ?? null;
      if (next === current) return;
      current = next;
      onChange(next);
    };
    if (session) {
      const subscription = session.subscribe({ next: update, error: update, complete: update });
      unsubscribeSession = () => subscription.unsubscribe();
    }
    update();
  });
  return () => {
    unfollow();
    unsubscribeSession?.();
  };
}

/** Calls `listener` with every live event of the session's connection from now on; returns the unsubscribe. */
function followLiveEvents(listener: (event: LiveEvent) => void): () => void {
  let unsubscribeEvents: (() => void) | null = null;
  const unfollow = followConnection((connection) => {
    unsubscribeEvents?.();
    unsubscribeEvents = null;
    if (connection) {
      const subscription = connection.on('*', listener);
      unsubscribeEvents = () => subscription.unsubscribe();
    }
  });
  return () => {
    unfollow();
    unsubscribeEvents?.();
  };
}

/** Calls `onChange` whenever the connection's status may have changed. */
function subscribeStatus(onChange: () => void): () => void {
  let unsubscribeSnapshots: (() => void) | null = null;
  const unfollow = followConnection((connection) => {
    unsubscribeSnapshots?.();
    unsubscribeSnapshots = null;
    if (connection) {
      const subscription = connection.subscribe({ next: onChange, error: onChange, complete: onChange });
      unsubscribeSnapshots = () => subscription.unsubscribe();
    }
    onChange();
  });
  return () => {
    unfollow();
    unsubscribeSnapshots?.();
  };
}

/** The connection's status now: null when none runs (signed out) or it is paused (locked). */
function readStatus(): LiveStatus | null {
  const connection = peekSessionActor()?.getSnapshot().children.live;
  return connection ? liveStatusOf(connection.getSnapshot()) : null;
}

/** The header's indicator: the status of the session's live connection. */
export function useLiveStatus(): LiveStatus | null {
  return useSyncExternalStore(subscribeStatus, readStatus, readStatus);
}

/**
 * The `liveEvents` actor a screen's machine invokes: it forwards the live events that concern the screen,
 * turned into the machine's own events by `map` (null: not this screen's business).
 */
export function liveEventsActor<TEvent extends EventObject>(map: (event: LiveEvent) => TEvent | null) {
  return fromCallback<EventObject>(({ sendBack }) =>
    followLiveEvents((event) => {
      const mapped = map(event);
      if (mapped) sendBack(mapped);
    }),
  );
}
