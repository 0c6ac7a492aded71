import type { ServiceUnit } from '../../machines/domain/types';
import { unitStatus } from '../../machines/service-units/unit-status';
import { organizationScope } from '../access';
import type { Account, ApiEnv } from '../env';

/** The user dashboard's cards (docs/api/openapi.yaml, /api/dashboard): what the caller's organization has now. */

/** Midnight of the server's day: "today" on the cards. */
function startOfDay(now: number): string {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.toISOString();
}

/** A card's size: the caller's, within 1–50. */
export function limitOf(value: string | null, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : fallback;
}

/** The units the caller may read; their status derives from each one's last heartbeat, as in the units list. */
const visibleUnits = (env: ApiEnv, caller: Account): Promise<ServiceUnit[]> => env.units.inScope(organizationScope(caller, 'serviceUnit'));

export async function dashboardSummary(env: ApiEnv, caller: Account) {
  const now = env.now();
  const units = await visibleUnits(env, caller);
  const counts = { online: 0, offline: 0, maintenance: 0 };
  for (const unit of units) counts[unitStatus(unit, now)] += 1;
  const today = startOfDay(now);
  return {
    units: { ...counts, total: units.length },
    processesBlockedToday: await env.processes.countEnded(
      'rule',
      today,
      units.map((unit) => String(unit.id)),
    ),
    screenshotsToday: await env.screenshots.countSince(organizationScope(caller, 'screenshot'), today),
    activeUrlRules: await env.urlRules.countEnabled(organizationScope(caller, 'urlRule')),
    generatedAt: new Date(now).toISOString(),
  };
}

/** The units offline longest ago last: the ones that went quiet most recently first. */
export async function recentOffline(env: ApiEnv, caller: Account, limit: number) {
  const now = env.now();
  return (await visibleUnits(env, caller))
    .filter((unit) => unitStatus(unit, now) === 'offline')
    .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
    .slice(0, limit)
    .map((unit) => ({
      id: String(unit.id),
      name: unit.name,
      hostname: unit.hostname,
      operatingSystem: unit.operatingSystem,
      location: unit.location,
      lastSeenAt: unit.lastSeenAt,
    }));
}

export async function latestScreenshots(env: ApiEnv, caller: Account, limit: number) {
  const newest = await env.screenshots.newest(organizationScope(caller, 'screenshot'), limit);
  const units = await env.units.getMany([...new Set(newest.map((shot) => shot.serviceUnitId))]);
  const names = new Map(units.map((unit) => [String(unit.id), unit.name]));
  return newest.map((shot) => ({
    id: String(shot.id),
    serviceUnitId: shot.serviceUnitId,
    unitName: names.get(shot.serviceUnitId) ?? '',
    capturedAt: shot.capturedAt,
    width: shot.width,
    height: shot.height,
    activeWindowTitle: shot.activeWindowTitle,
    processName: shot.processName,
    flagged: shot.flagged,
    note: shot.note,
  }));
}
