import type { MirageDb } from './db';

/**
 * Which units' processes someone is looking at (the process monitor reads them every few seconds). Kept in
 * memory, never stored: a hint for the simulated agents, which report a watched unit's processes every
 * WATCHED_REPORT_MS instead of every few heartbeats, so the monitor's figures move while it is open.
 */
export interface WatchedUnits {
  note(unitId: string, now: number): void;
  /** The units read within WATCHED_FOR_MS; older marks are forgotten. */
  ids(now: number): Set<string>;
}

/** How long after the last read a unit counts as watched. */
export const WATCHED_FOR_MS = 10_000;
/** How often a simulated agent reports a watched unit's processes. */
export const WATCHED_REPORT_MS = 2_000;

/** The marks of one backend: the server process keeps one, the browser one per db (watchedUnitsOf). */
export function watchedUnits(): WatchedUnits {
  const units = new Map<string, number>();
  return {
    note(unitId, now) {
      units.set(unitId, now);
    },
    ids(now) {
      const ids = new Set<string>();
      for (const [id, at] of units) {
        if (now - at <= WATCHED_FOR_MS) ids.add(id);
        else units.delete(id);
      }
      return ids;
    },
  };
}

const ofDb = new WeakMap<MirageDb, WatchedUnits>();

/** The embedded backend's marks: its API app notes them, its simulated agents read them. */
export function watchedUnitsOf(db: MirageDb): WatchedUnits {
  let found = ofDb.get(db);
  if (!found) ofDb.set(db, (found = watchedUnits()));
  return found;
}
