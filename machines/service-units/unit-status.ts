import type { ServiceUnit, UnitStatus } from '../domain/types';

/** A unit without an agent interval (none enrolled) is online when it reported within this window (inclusive). */
export const ONLINE_WINDOW_MS = 4 * 60 * 1000;
/** An agent's window is this many of its heartbeat intervals… */
export const MISSED_HEARTBEATS = 3;
/** …but never shorter than this (a 1 s interval must not flap on one late request). */
export const MIN_AGENT_WINDOW_MS = 15_000;

type StatusFields = Pick<ServiceUnit, 'maintenance' | 'lastSeenAt'> & {
  agent?: { heartbeatIntervalS: number } | null;
};

/** How long after its last report a unit still counts as online. */
export function onlineWindowMs(unit: Pick<StatusFields, 'agent'>): number {
  const interval = unit.agent?.heartbeatIntervalS;
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval <= 0) return ONLINE_WINDOW_MS;
  return Math.max(MISSED_HEARTBEATS * interval * 1000, MIN_AGENT_WINDOW_MS);
}

/** Whether the unit reported within its window, maintenance aside (what unit.online/unit.offline announce). */
export function isReporting(unit: StatusFields, now: number): boolean {
  const seen = Date.parse(unit.lastSeenAt);
  if (Number.isNaN(seen)) return false;
  return now - seen <= onlineWindowMs(unit);
}

/**
 * Status is derived, never stored: maintenance when flagged, else online when last seen within the unit's
 * window (3 heartbeat intervals of its agent, at least 15 s; 4 minutes for a unit without an agent
 * interval; a report slightly in the future, from clock skew, counts as online), else offline.
 * The one copy of this rule: mirage/ imports it too (an allowed value import, see eslint.config.js).
 */
export function unitStatus(unit: StatusFields, now: number): UnitStatus {
  if (unit.maintenance) return 'maintenance';
  return isReporting(unit, now) ? 'online' : 'offline';
}
