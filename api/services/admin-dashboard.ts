import type { AdminDashboardSummary, OnlineTrendPoint, RecentSignIn } from '../../machines/dashboard/admin-dashboard.types';
import type { UnitPrediction } from '../../machines/prediction/types';
import type { Account, ApiEnv } from '../env';
import { highestRisk, readRefusal, unitsOnlineTrend, type Answer } from './prediction';

/**
 * The admin dashboard's cards (docs/prediction.md, "Admin dashboard"): one answer per card, so each loads,
 * fails and retries on its own. The admin area's (roles 1–3, every organization); role 4 gets 403.
 */

const TREND_DAYS = 30;
const TOP_RISK = 5;
const SIGN_INS = 8;

/** The card's figures when the caller may open the admin area, else the 403 with its reason. */
async function card<T>(caller: Account, figures: () => Promise<T>): Promise<Answer<T>> {
  const refused = readRefusal(caller, 'adminArea');
  return refused ? { ok: false, response: refused } : { ok: true, value: await figures() };
}

export const adminSummary = (env: ApiEnv, caller: Account): Promise<Answer<AdminDashboardSummary>> =>
  card(caller, async () => {
    const byRole = { 1: 0, 2: 0, 3: 0, 4: 0 };
    for (const [role, count] of await env.users.countByRole())
      if (role === 1 || role === 2 || role === 3 || role === 4) byRole[role] = count;
    const units = await env.units.countByStatus('all', env.now());
    return {
      organizations: await env.organizations.count(),
      users: { total: byRole[1] + byRole[2] + byRole[3] + byRole[4], byRole },
      units: { ...units, total: units.online + units.offline + units.maintenance },
    };
  });

export const unitsTrend = (env: ApiEnv, caller: Account): Promise<Answer<OnlineTrendPoint[]>> =>
  card(caller, () => unitsOnlineTrend(env, TREND_DAYS));

export const topRisk = (env: ApiEnv, caller: Account): Promise<Answer<UnitPrediction[]>> => card(caller, () => highestRisk(env, TOP_RISK));

/** The latest sign-ins (each account's last), with the account's organization by name. */
export const recentSignIns = (env: ApiEnv, caller: Account): Promise<Answer<RecentSignIn[]>> =>
  card(caller, async () => {
    const recent = await env.users.recentSignIns(SIGN_INS);
    const organizations = await env.organizations.getMany([...new Set(recent.map((u) => String(u.organizationId)))]);
    const names = new Map(organizations.map((o) => [String(o.id), o.name]));
    return recent.map((u) => ({
      userId: String(u.id),
      displayName: u.displayName,
      username: u.username,
      roleId: u.roleId,
      organizationName: names.get(String(u.organizationId)) ?? '',
      at: String(u.lastSignInAt),
    }));
  });
