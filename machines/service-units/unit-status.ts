import type { ServiceUnit, UnitStatus } from '../domain/types';

/** A unit is online when its agent reported within this window (inclusive). */
export const ONLINE_WINDOW_MS = 4 * 60 * 1000;

/**
 * Status is derived, never stored: maintenance when flagged, else online when last seen within
 * 4 minutes (a report slightly in the future, from clock skew, counts as online), else offline.
 * The one copy of this rule: mirage/ imports it too (an allowed value import, see eslint.config.js).
 */
export function unitStatus(unit: Pick<ServiceUnit, 'maintenance' | 'lastSeenAt'>, now: number): UnitStatus {
  if (unit.maintenance) return 'maintenance';
  const seen = Date.parse(unit.lastSeenAt);
  if (Number.isNaN(seen)) return 'offline';
  return now - seen <= ONLINE_WINDOW_MS ? 'online' : 'offline';
}
