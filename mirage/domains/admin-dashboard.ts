import type { AdminDashboardSummary, RecentSignIn } from '../../machines/dashboard/admin-dashboard.types';
import type { MirageDb } from '../db';
import { unitStore } from '../unit-store';
import { json, withAuth } from '../http';
import { organizationStore } from '../organization-store';
import { userStore } from '../user-store';
import type { MirageContext, MirageDomain } from '../types';
import { highestRisk, onlineTrend } from './prediction';

/**
 * The admin dashboard's cards under /api/admin/dashboard (docs/prediction.md, "Admin dashboard"):
 * one endpoint per card so each loads, fails and retries on its own. Roles 1–3; role 4 gets 403.
 */

const TREND_DAYS = 30;

async function summary(db: MirageDb, now: number): Promise<AdminDashboardSummary> {
  const byRole = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const [role, count] of await userStore(db).countByRole())
    if (role === 1 || role === 2 || role === 3 || role === 4) byRole[role] = count;
  const counts = await unitStore(db).countByStatus('all', now);
  const units = { ...counts, total: counts.online + counts.offline + counts.maintenance };
  return {
    organizations: await organizationStore(db).count(),
    users: { total: byRole[1] + byRole[2] + byRole[3] + byRole[4], byRole },
    units,
  };
}

async function recentSignIns(db: MirageDb, limit: number): Promise<RecentSignIn[]> {
  const recent = await userStore(db).recentSignIns(limit);
  const ids = [...new Set(recent.map((u) => String(u.organizationId)))];
  const orgs = new Map((await organizationStore(db).getMany(ids)).map((o) => [String(o.id), o.name]));
  return recent.map((u) => ({
    userId: String(u.id),
    displayName: u.displayName,
    username: u.username,
    roleId: u.roleId,
    organizationName: orgs.get(String(u.organizationId)) ?? '',
    at: String(u.lastSignInAt),
  }));
}

export const adminDashboardDomain: MirageDomain = {
  name: 'admin-dashboard',
  routes(server, ctx: MirageContext) {
    const admin = (handler: (db: MirageDb) => unknown) =>
      withAuth(server, ({ db }) => handler(db), { permission: { action: 'read', resource: 'adminArea' } });
    server.get(
      '/admin/dashboard/summary',
      admin(async (db) => json(200, await summary(db, ctx.now()))),
    );
    server.get(
      '/admin/dashboard/units-trend',
      admin(async (db) => json(200, { points: await onlineTrend(db, ctx.now(), TREND_DAYS) })),
    );
    server.get(
      '/admin/dashboard/top-risk',
      admin(async (db) => json(200, { items: await highestRisk(db, ctx.now(), 5) })),
    );
    server.get(
      '/admin/dashboard/recent-sign-ins',
      admin(async (db) => json(200, { items: await recentSignIns(db, 8) })),
    );
  },
};
