import { json } from '../http';
import { auditLog, organizationAudit, userAudit } from '../services/audit';
import type { SignedInRoutes } from './types';

/** The audit log and the trails of one organization and one user (docs/api/openapi.yaml), newest first. */

const answer = (result: Awaited<ReturnType<typeof auditLog>>) => (result.ok ? json(200, result.page) : result.response);
const queryOf = (request: Request) => new URL(request.url).searchParams;

export const auditRoutes: SignedInRoutes = {
  getAuditLog: async ({ env, caller, request }) => answer(await auditLog(env, caller, queryOf(request))),
  getOrganizationAudit: async ({ env, caller, request, params }) =>
    answer(await organizationAudit(env, caller, params['id'] ?? '', queryOf(request))),
  getUserAudit: async ({ env, caller, request, params }) => answer(await userAudit(env, caller, params['id'] ?? '', queryOf(request))),
};
