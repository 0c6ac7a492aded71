import { useSyncExternalStore } from 'react';
import { createActor, fromCallback, type Actor, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import { liveEventsMachine, liveStatusOf, type LiveEventsInput, type LiveStatus } from '@machines/live/live-events.machine';
import { withInspect } from '../inspection';
import { embeddedStreamActor, fetchRecentActor, remoteStreamActor } from './transports';

/**
 * The app's one live-events actor (machines/live/live-events.machine.ts) and who listens to it. The app starts
 * it when a user is signed in, pauses it while the signed-in screens are gone (locked) and stops it on sign-out
 * (src/app/live-connection.ts); screens do not hold the
 * actor: their machines invoke `liveEventsActor(…)`, which listens here, so a screen shown before the actor
 * starts (or while it restarts) still gets every event once it runs.
 */

type LiveActor = Actor<typeof liveEventsMachine>;

/** The machine with the transports of this build: a fetch-read SSE stream (remote) or the embedded backend's wake-ups. */
function liveLogic(mode: 'remote' | 'mirage' = import.meta.env.VITE_API_MODE === 'remote' ? 'remote' : 'mirage') {
  return liveEventsMachine.provide({
    actors: { openStream: mode === 'remote' ? remoteStreamActor() : embeddedStreamActor(), fetchRecent: fetchRecentActor },
  });
}

let actor: LiveActor | null = null;
let unsubscribe: (() => void) | null = null;
const eventListeners = new Set<(event: LiveEvent) => void>();
const statusListeners = new Set<() => void>();

function notifyStatus(): void {
  for (const listener of [...statusListeners]) listener();
}

/**
 * Starts the live actor for `input.owner` (the sign-in). Once it runs, a second call resumes it (`live.resume`):
 * a paused one opens from its cursor if the owner is the same (the machine decides); a running one goes on.
 */
export function startLive(logic: ReturnType<typeof liveLogic> = liveLogic(), input: LiveEventsInput = {}): LiveActor {
  if (actor) {
    actor.send({ type: 'live.resume', owner: input.owner ?? null });
    return actor;
  }
  const started = createActor(logic, withInspect({ input, id: 'liveEvents' }));
  const onEvent = started.on('*', (event) => {
    for (const listener of [...eventListeners]) listener(event);
  });
  const onSnapshot = started.subscribe(() => notifyStatus());
  unsubscribe = () => {
    onEvent.unsubscribe();
    onSnapshot.unsubscribe();
  };
  actor = started;
  started.start();
  notifyStatus();
  return started;
}

/** Closes the stream and keeps the cursor for `startLive` of the same owner (the lock screen). */
export function pauseLive(): void {
  actor?.send({ type: 'live.pause' });
}

/** Closes the stream (sign-out): the actor reaches `closed`, forgets its cursor, and is stopped. */
export function stopLive(): void {
  if (!actor) return;
  const stopping = actor;
  actor = null;
  stopping.send({ type: 'live.stop' });
  unsubscribe?.();
  unsubscribe = null;
  stopping.stop();
  notifyStatus();
}

/** Calls `listener` with every live event from now on; returns the unsubscribe. */
export function subscribeLiveEvents(listener: (event: LiveEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function readStatus(): LiveStatus | null {
  return actor ? liveStatusOf(actor.getSnapshot()) : null;
}

/** The indicator's state: null when no live actor runs (signed out). */
export function useLiveStatus(): LiveStatus | null {
  return useSyncExternalStore(subscribeStatus, readStatus, readStatus);
}

/**
 * The `liveEvents` actor a screen's machine invokes: it forwards the live events that concern the screen,
 * turned into the machine's own events by `map` (null: not this screen's business).
 */
export function liveEventsActor<TEvent extends EventObject>(map: (event: LiveEvent) => TEvent | null) {
  return fromCallback<EventObject>(({ sendBack }) =>
    subscribeLiveEvents((event) => {
      const mapped = map(event);
      if (mapped) sendBack(mapped);
    }),
  );
}
