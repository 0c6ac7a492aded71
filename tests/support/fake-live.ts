import { act } from '@testing-library/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import {
  liveEventsMachine,
  type FetchRecentInput,
  type LiveEventsEvent,
  type OpenStreamInput,
  type RecentEvents,
} from '@machines/live/live-events.machine';
import { startLive, stopLive } from '@/lib/live';

/**
 * The app's live actor (src/lib/live) on a stream the test writes into, for a screen test: start it before the
 * render, `push` an event as the backend would send it (numbered here: the machine drops an id it has passed),
 * and `stop` it after the test (as sign-out does).
 *
 *   const live = startFakeLive();
 *   renderAt(<Screen />, '/path');
 *   live.push(anEvent);
 */
export function startFakeLive() {
  let send: ((event: LiveEventsEvent) => void) | null = null;
  let lastId = 0;
  startLive(
    liveEventsMachine.provide({
      actors: {
        openStream: fromCallback<EventObject, OpenStreamInput>(({ sendBack }) => {
          send = sendBack;
          sendBack({ type: 'stream.opened', lastId: '0' });
        }),
        // Never asked while the stream is open.
        fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
      },
    }),
    { jitter: 0 },
  );
  return {
    push(event: LiveEvent) {
      lastId += 1;
      const numbered = { ...event, id: String(lastId) };
      act(() => send?.({ type: 'stream.event', event: numbered }));
    },
    stop: stopLive,
  };
}
