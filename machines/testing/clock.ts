import type { AnyActorRef } from 'xstate';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/**
 * Clock control for delays (`after`, delayed `raise`/`sendTo`): give it to the actor and time only moves
 * when the test says so. No real timers, no `vi.useFakeTimers()` needed.
 *
 *   const clock = createTestClock();
 *   const actor = createActor(machine, { clock });
 *   clock.advance(5_000);              // fires every delay that is due, in order
 *   clock.fire('xstate.after.retry.x') // jumps to the moment that delayed event is due and fires it
 */
export interface TestClock {
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): number;
  clearTimeout(id: unknown): void;
  now(): number;
  /** Moves time on by `ms`, firing each timer that comes due (earliest first). */
  advance(ms: number): void;
  /** How many timers are waiting. */
  pending(): number;
  /**
   * Moves time to when the actor system's delayed event of this type is due and fires it (and any
   * timer due before it). Throws when no such event is scheduled, so a test never waits for nothing.
   */
  fire(actor: AnyActorRef, eventType: string): void;
}

export function createTestClock(): TestClock {
  let now = 0;
  let nextId = 1;
  const timers: Timer[] = [];

  const runUntil = (time: number) => {
    for (;;) {
      const next = timers.filter((t) => t.due <= time).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      timers.splice(timers.indexOf(next), 1);
      now = Math.max(now, next.due);
      next.fn();
    }
    now = Math.max(now, time);
  };

  return {
    setTimeout(fn, timeout) {
      const id = nextId++;
      timers.push({ id, due: now + timeout, fn: () => fn() });
      return id;
    },
    clearTimeout(id) {
      const index = timers.findIndex((t) => t.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
    now: () => now,
    advance(ms) {
      runUntil(now + ms);
    },
    pending: () => timers.length,
    fire(actor, eventType) {
      // The system lists its scheduled events in the order it asked this clock for their timers, and
      // drops each when its timer fires or is cleared: the n-th listed event is the n-th waiting timer.
      const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents);
      const ordered = [...timers].sort((a, b) => a.id - b.id);
      if (scheduled.length !== ordered.length)
        throw new Error(`the clock has ${ordered.length} timers but the system scheduled ${scheduled.length} events`);
      const index = scheduled.findIndex((s) => s.event.type === eventType);
      const timer = ordered[index];
      if (index < 0 || !timer)
        throw new Error(
          `no delayed event ${eventType} is scheduled (scheduled: ${scheduled.map((s) => s.event.type).join(', ') || 'none'})`,
        );
      runUntil(timer.due);
    },
  };
}
