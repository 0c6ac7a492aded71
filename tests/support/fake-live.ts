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

export interface FakeLiveOptions {
  /** Whether each stream answers at once (default true); false: it waits for `send({ type: 'stream.opened' })`. */
  open?: boolean;
}

/**
 * The app's live actor (src/lib/live) on a stream the test writes into, for a screen test: start it before the
 * render, `push` an event as the backend would send it (numbered here: the machine drops an id it has passed),
 * and `stop` it after the test (as sign-out does).
 *
 *   const live = startFakeLive();
 *   renderAt(<Screen />, '/path');
 *   live.push(anEvent);
 *
 * `send` hands the machine any `stream.*` event (opened, failed, ended); `opens` is where each stream was asked
 * to start (`Last-Event-ID`), in order.
 */
export function startFakeLive({ open = true }: FakeLiveOptions = {}) {
  let send: ((event: LiveEventsEvent) => void) | null = null;
  let lastId = 0;
  const opens: OpenStreamInput[] = [];
  startLive(
    liveEventsMachine.provide({
      actors: {
        openStream: fromCallback<EventObject, OpenStreamInput>(({ input, sendBack }) => {
          opens.push(input);
          send = sendBack;
          if (open) sendBack({ type: 'stream.opened', lastId: '0' });
        }),
        // Never asked while the stream is open.
        fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
      },
    }),
    { jitter: 0 },
  );
  return {
    opens,
    send(event: LiveEventsEvent) {
      act(() => send?.(event));
    },
    push(event: LiveEvent) {
      lastId += 1;
      const numbered = { ...event, id: String(lastId) };
      act(() => send?.({ type: 'stream.event', event: numbered }));
    },
    stop: stopLive,
  };
}
