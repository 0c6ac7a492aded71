import type { ServiceUnit, UnitStatus } from '../domain/types';

/** A unit is online when its agent reported within this window (inclusive). */
export const ONLINE_WINDOW_MS = 4 * 60 * 1000;

/**
 * Status is derived, never stored: maintenance when flagged, else online when last seen within
 * 4 minutes (a report slightly in the future, from clock skew, counts as online), else offline.
 * Mirage keeps a copy of this rule (mirage/domains/service-units.ts) because mirage/ may not import code from machines/.
 */
export function unitStatus(unit: Pick<ServiceUnit, 'maintenance' | 'lastSeenAt'>, now: number): UnitStatus {
  if (unit.maintenance) return 'maintenance';
  const seen = Date.parse(unit.lastSeenAt);
  if (Number.isNaN(seen)) return 'offline';
  return now - seen <= ONLINE_WINDOW_MS ? 'online' : 'offline';
}
