import { adminSummary, recentSignIns, topRisk, unitsTrend } from '../services/admin-dashboard';
import { answer } from './prediction';
import type { SignedInRoutes } from './types';

/** /api/admin/dashboard (docs/api/openapi.yaml): one endpoint per card. */

export const adminDashboardRoutes: SignedInRoutes = {
  getAdminSummary: async ({ env, caller }) => answer(await adminSummary(env, caller), (summary) => summary),
  getUnitsTrend: async ({ env, caller }) => answer(await unitsTrend(env, caller), (points) => ({ points })),
  getTopRisk: async ({ env, caller }) => answer(await topRisk(env, caller), (items) => ({ items })),
  getRecentSignIns: async ({ env, caller }) => answer(await recentSignIns(env, caller), (items) => ({ items })),
};
