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
  /** The units whose commands or rules (their agents' config) were stored; null: unknown (any unit). */
  commandUnitIds: ReadonlySet<string> | null;
}

export type WakeListener = (wake: Wake) => void;

export interface EventHub {
  /** Tells the listeners it concerns; without an argument, that anything may have changed. */
  wake(wake?: Wake): void;
  /**
   * Listens until the returned function is called. With `commandsOf`, only to wake-ups that may bring that
   * unit's commands (a held long poll): one command wakes its agent, not the 10,000 others waiting.
   */
  subscribe(listener: WakeListener, filter?: { commandsOf: string }): () => void;
  /** How many listen now (streams and held long polls). */
  readonly size: number;
}

export const WAKE_ALL: Wake = { events: true, commandUnitIds: null };

export function createEventHub(): EventHub {
  const everything = new Set<WakeListener>();
  const byUnit = new Map<string, Set<WakeListener>>();
  let size = 0;
  const tell = (listeners: Iterable<WakeListener>, wake: Wake) => {
    for (const listener of listeners) {
      try {
        listener(wake);
      } catch (error) {
        console.error('A live-event listener failed', error);
      }
    }
  };
  return {
    wake(wake = WAKE_ALL) {
      if (!wake.events && wake.commandUnitIds?.size === 0) return;
      // Copies: a listener may unsubscribe (its stream ended, its poll answered) while being told.
      const told: WakeListener[] = [...everything];
      if (wake.commandUnitIds === null) for (const listeners of byUnit.values()) told.push(...listeners);
      else for (const unitId of wake.commandUnitIds) told.push(...(byUnit.get(unitId) ?? []));
      tell(told, wake);
    },
    subscribe(listener, filter) {
      // A fresh function per subscription: the same listener may subscribe twice, and unsubscribe once each.
      const own: WakeListener = (wake) => listener(wake);
      let set = everything;
      if (filter) {
        set = byUnit.get(filter.commandsOf) ?? new Set();
        byUnit.set(filter.commandsOf, set);
      }
      set.add(own);
      size += 1;
      return () => {
        if (!set.delete(own)) return;
        size -= 1;
        if (filter && set.size === 0) byUnit.delete(filter.commandsOf);
      };
    },
    get size() {
      return size;
    },
  };
}

/** A unit whose agent is revoked. */
const isRevoked = (row: object): boolean => {
  const agent = 'agent' in row ? row.agent : null;
  return typeof agent === 'object' && agent !== null && 'revokedAt' in agent && typeof agent.revokedAt === 'string';
};

/**
 * The wake-up a set of stored rows calls for, or null when it concerns no listener. `rows` are the rows
 * put per collection, and deleted ones as null (only a deleted rule wakes anyone: its units' config changed).
 */
export function wakeFor(changes: Iterable<{ collection: string; row: object | null }>): Wake | null {
  let events = false;
  let units: Set<string> | null = new Set();
  let any = false;
  for (const { collection, row } of changes) {
    if (collection === 'events') {
      events = true;
      any = true;
    } else if ((collection === 'commands' && row) || collection === 'processRules') {
      any = true;
      const unitId = row && 'serviceUnitId' in row ? row.serviceUnitId : undefined;
      if (typeof unitId === 'string' || typeof unitId === 'number') units?.add(String(unitId));
      else units = null;
    } else if (collection === 'serviceUnits' && row === null) {
      // A deleted unit's agent is told at once (its credential is refused); the id went with the row: any unit asks again.
      any = true;
      units = null;
    } else if (collection === 'serviceUnits' && row && isRevoked(row)) {
      // A revoked agent's held poll is asked again at once: its credential is refused (401), and it stops.
      any = true;
      if ('id' in row && (typeof row.id === 'string' || typeof row.id === 'number')) units?.add(String(row.id));
      else units = null;
    } else if (collection === 'urlRestrictions') {
      // A URL rule's scope may have just left a unit (or held the whole organization): every held poll asks again
      // whether its unit's config changed. People change rules seldom; commands stay per unit.
      any = true;
      units = null;
    }
  }
  return any ? { events, commandUnitIds: units } : null;
}

/** Past this many units, a notification says "any unit" (PostgreSQL's NOTIFY payload holds 8,000 bytes). */
const MAX_NOTIFIED_UNITS = 100;

/** A wake-up as the payload of another instance's notification (server/events/wakeups.ts reads it back). */
export function wakePayload(wake: Wake): string {
  const units = wake.commandUnitIds && wake.commandUnitIds.size <= MAX_NOTIFIED_UNITS ? [...wake.commandUnitIds] : null;
  return JSON.stringify({ events: wake.events, units });
}

/** The wake-up a notification's payload stands for; anything unreadable wakes everyone (a wake-up never loses one). */
export function wakeOfPayload(payload: string | undefined): Wake {
  try {
    const parsed: unknown = JSON.parse(payload ?? '');
    if (typeof parsed !== 'object' || parsed === null) return WAKE_ALL;
    const { events, units } = parsed as { events?: unknown; units?: unknown };
    const ids = Array.isArray(units) && units.every((id) => typeof id === 'string') ? new Set(units) : null;
    return { events: events !== false, commandUnitIds: ids };
  } catch {
    return WAKE_ALL;
  }
}
