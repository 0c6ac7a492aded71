/**
 * Large seeds (`VITE_SEED=large`) run in the page after the first screen: a loop over 50,000 or 100,000
 * rows must give the page a turn now and then, or it freezes for seconds (docs/performance.md).
 */
import type { TimeSlicer } from '../core/time-slicer';

export { timeSlicer, type TimeSlicer } from '../core/time-slicer';

/** Inserts rows in slices, letting the page breathe between them. */
export async function insertInSlices<T>(
  insertMany: (rows: T[]) => unknown,
  rows: readonly T[],
  slicer: TimeSlicer,
  size = 2_000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    insertMany(rows.slice(i, i + size));
    await slicer.breathe();
  }
}

/**
 * How the later seeds share the page with the requests (mirage/browser.ts, a first visit at the large seed): a
 * slice of seeding runs between enter() and leave() within one task, so no request runs in between, and next()
 * decides when the next slice may start.
 */
export interface SeedTurns {
  enter(): void;
  leave(): void;
  next(): Promise<void>;
}

/** A slicer whose pauses end the seed's turn and wait for the next one (SeedTurns). */
export function turnSlicer(turns: SeedTurns, ms = 30): TimeSlicer {
  let since = performance.now();
  return {
    async breathe() {
      if (performance.now() - since < ms) return;
      turns.leave();
      try {
        await turns.next();
      } finally {
        turns.enter();
      }
      since = performance.now();
    },
  };
}
