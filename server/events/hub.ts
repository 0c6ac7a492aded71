/**
 * Wake-ups inside one server process: the backend wakes the hub when a commit (its own, or another
 * instance's that it caught up with) stored live events or agent commands; open event streams and held
 * long polls listen and ask the backend again. A wake carries no data: what changed is read from the
 * rows (the outbox), so a lost or merged wake-up only delays, it never loses an event.
 */

/** What a wake-up concerns, so a listener can tell whether asking again may find anything. */
export interface Wake {
  /** Rows of the `events` collection were stored. */
  events: boolean;
  /** The units whose commands were stored; null: unknown (any unit). */
  commandUnitIds: ReadonlySet<string> | null;
}

export type WakeListener = (wake: Wake) => void;

export interface EventHub {
  /** Tells every listener; without an argument, that anything may have changed. */
  wake(wake?: Wake): void;
  /** Listens until the returned function is called. */
  subscribe(listener: WakeListener): () => void;
  /** How many listen now (streams and held long polls). */
  readonly size: number;
}

export const WAKE_ALL: Wake = { events: true, commandUnitIds: null };

/** Whether a wake may bring commands for this unit (null: the unit is not known). */
export const concernsCommandsOf = (wake: Wake, unitId: string | null): boolean =>
  wake.commandUnitIds === null || unitId === null || wake.commandUnitIds.has(unitId);

export function createEventHub(): EventHub {
  const listeners = new Set<WakeListener>();
  return {
    wake(wake = WAKE_ALL) {
      if (!wake.events && wake.commandUnitIds?.size === 0) return;
      // A copy: a listener may unsubscribe (its stream ended) while being told.
      for (const listener of [...listeners]) {
        try {
          listener(wake);
        } catch (error) {
          console.error('A live-event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}

/** The collections whose stored rows wake listeners. */
export const WAKING_COLLECTIONS: ReadonlySet<string> = new Set(['events', 'commands']);

/**
 * The wake-up a set of stored rows calls for, or null when it concerns no listener. `rows` are the rows
 * put per collection (deleted ones need no wake-up: nobody waits for a row to go).
 */
export function wakeFor(changes: Iterable<{ collection: string; row: object | null }>): Wake | null {
  let events = false;
  let units: Set<string> | null = new Set();
  let any = false;
  for (const { collection, row } of changes) {
    if (collection === 'events') {
      events = true;
      any = true;
    } else if (collection === 'commands' && row) {
      any = true;
      const unitId = 'serviceUnitId' in row ? row.serviceUnitId : undefined;
      if (typeof unitId === 'string' || typeof unitId === 'number') units?.add(String(unitId));
      else units = null;
    }
  }
  return any ? { events, commandUnitIds: units } : null;
}
