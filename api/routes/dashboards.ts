import { json } from '../http';
import { dashboardSummary, latestScreenshots, limitOf, recentOffline } from '../services/dashboards';
import type { SignedInRoutes } from './types';

/** /api/dashboard (docs/api/openapi.yaml): one endpoint per card, so each loads, fails and retries on its own. */

const limitParam = (request: Request, fallback: number) => limitOf(new URL(request.url).searchParams.get('limit'), fallback);

export const dashboardRoutes: SignedInRoutes = {
  getDashboardSummary: async ({ env, caller }) => json(200, await dashboardSummary(env, caller)),
  getRecentOffline: async ({ env, caller, request }) => json(200, { items: await recentOffline(env, caller, limitParam(request, 5)) }),
  getLatestScreenshots: async ({ env, caller, request }) =>
    json(200, { items: await latestScreenshots(env, caller, limitParam(request, 6)) }),
};
