import type { ServiceUnit } from '../../machines/domain/types';
import type { MirageDb } from '../db';
import { unitStore } from '../unit-store';
import { json, queryParam, withAuth, type UserRow } from '../http';
import type { MirageDomain } from '../types';
import { processStore } from './processes';
import { urlRuleStore } from './url-restrictions';
import { unitStatus } from '../../machines/service-units/unit-status';
import { screenshotScope, screenshotStore, unitNames } from './screenshots';
import { organizationScope } from '../access';

function startOfDay(now: number): string {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** The units the user may read, what the dashboard counts (status derives from each one's last heartbeat, as in the units list). */
function visibleUnits(db: MirageDb, user: UserRow): Promise<ServiceUnit[]> {
  return unitStore(db).inScope(organizationScope(user, 'serviceUnit'));
}

function limitOf(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : fallback;
}

export const userDashboardDomain: MirageDomain = {
  name: 'user-dashboard',
  routes(server, ctx) {
    server.get(
      '/dashboard/summary',
      withAuth(server, async ({ db, user }) => {
        const now = ctx.now();
        const unitList = await visibleUnits(db, user);
        const unitIds = new Set(unitList.map((u) => String(u.id)));
        const counts = { online: 0, offline: 0, maintenance: 0 };
        for (const unit of unitList) counts[unitStatus(unit, now)] += 1;
        const today = startOfDay(now);
        const processesBlockedToday = await processStore(db).countEnded('rule', today, [...unitIds]);
        const screenshotsToday = await screenshotStore(db).countSince(screenshotScope(user), today);
        const activeUrlRules = await urlRuleStore(db).countEnabled(organizationScope(user, 'urlRule'));
        return json(200, {
          units: { ...counts, total: unitList.length },
          processesBlockedToday,
          screenshotsToday,
          activeUrlRules,
          generatedAt: new Date(now).toISOString(),
        });
      }),
    );

    server.get(
      '/dashboard/recent-offline',
      withAuth(server, async ({ db, request, user }) => {
        const now = ctx.now();
        const limit = limitOf(queryParam(request, 'limit'), 5);
        const items = (await visibleUnits(db, user))
          .filter((u) => unitStatus(u, now) === 'offline')
          .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
          .slice(0, limit)
          .map((u) => ({
            id: String(u.id),
            name: u.name,
            hostname: u.hostname,
            operatingSystem: u.operatingSystem,
            location: u.location,
            lastSeenAt: u.lastSeenAt,
          }));
        return json(200, { items });
      }),
    );

    server.get(
      '/dashboard/latest-screenshots',
      withAuth(server, async ({ db, request, user }) => {
        const limit = limitOf(queryParam(request, 'limit'), 6);
        const newest = await screenshotStore(db).newest(screenshotScope(user), limit);
        const names = await unitNames(
          db,
          newest.map((s) => s.serviceUnitId),
        );
        const items = newest.map((s) => ({
          id: String(s.id),
          serviceUnitId: s.serviceUnitId,
          unitName: names(s.serviceUnitId),
          capturedAt: s.capturedAt,
          width: s.width,
          height: s.height,
          activeWindowTitle: s.activeWindowTitle,
          processName: s.processName,
          flagged: s.flagged,
          note: s.note,
        }));
        return json(200, { items });
      }),
    );
  },
};
