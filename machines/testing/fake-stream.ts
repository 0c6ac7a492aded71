import type { AnyEventObject } from 'xstate';
import type { LiveEvent, LiveEventData, LiveEventType } from '../domain/types';
import { callbackActor } from './deferred';

/**
 * A fake live stream for a machine test: `logic` stands in for the screen's `liveEvents` actor, and `push` hands it
 * a live event as the backend sends it, turned into the machine's event by the screen's own `map` (as the app's
 * `liveEventsActor(map)` does); an event the map drops sends nothing.
 */
export function fakeLiveStream(map: (event: LiveEvent) => AnyEventObject | null) {
  const live = callbackActor();
  let id = 0;
  return {
    logic: live.logic,
    running: live.running,
    push(event: LiveEvent): void {
      const mapped = map(event);
      if (mapped) live.emit(mapped);
    },
    /** A numbered event of `type` with `data` about `subjectId`. */
    event<T extends LiveEventType>(type: T, subjectId: string, data: LiveEventData[T], unitId: string | null = null): LiveEvent {
      id += 1;
      // The union cannot be narrowed from a generic type; the fields are the same for every type.
      return { id: String(id), type, at: '2026-12-06T08:00:00.000Z', organizationId: '1', subjectId, unitId, data } as LiveEvent;
    },
  };
}
