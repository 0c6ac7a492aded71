import type { MirageDb } from './db';

/**
 * Which units' processes someone is looking at (the process monitor reads them every few seconds). Kept in
 * memory, never stored: a hint for the simulated agents, which report a watched unit's processes every
 * WATCHED_REPORT_MS instead of every few heartbeats, so the monitor's figures move while it is open.
 */
const watched = new WeakMap<object, Map<string, number>>();

/** How long after the last read a unit counts as watched. */
export const WATCHED_FOR_MS = 10_000;
/** How often a simulated agent reports a watched unit's processes. */
export const WATCHED_REPORT_MS = 2_000;

export function noteProcessesWatched(db: MirageDb, unitId: string, now: number): void {
  let units = watched.get(db);
  if (!units) watched.set(db, (units = new Map()));
  units.set(unitId, now);
}

/** The units read within WATCHED_FOR_MS; older marks are forgotten. */
export function watchedUnitIds(db: MirageDb, now: number): Set<string> {
  const units = watched.get(db);
  const ids = new Set<string>();
  if (!units) return ids;
  for (const [id, at] of units) {
    if (now - at <= WATCHED_FOR_MS) ids.add(id);
    else units.delete(id);
  }
  return ids;
}
