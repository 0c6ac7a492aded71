import { Hono, type Context } from 'hono';
import { checkRequest, documentedMethods, routeOf } from './contract/check';
import type { ContractOperation } from './contract/generated-validator';
import { OPERATIONS } from './contract/operations.generated';
import type { ApiEnv } from './env';
import { parseJson, problem } from './http';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { agentApiRoutes, agentEnrolRoutes } from './routes/agent-api';
import { agentRoutes } from './routes/agents';
import { auditRoutes } from './routes/audit';
import { authRoutes, meRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboards';
import { eventRoutes } from './routes/events';
import { mailRoutes } from './routes/mail';
import { organizationRoutes } from './routes/organizations';
import { predictionRoutes } from './routes/prediction';
import { processRuleRoutes } from './routes/process-rules';
import { processRoutes } from './routes/processes';
import { profileRoutes } from './routes/profile';
import { screenshotRoutes } from './routes/screenshots';
import type { AgentRoutes, PublicInput, PublicRoutes, SignedInRoutes } from './routes/types';
import { agentOf } from './services/agent-api';
import { callerOf } from './services/caller';
import { taskRoutes } from './routes/tasks';
import { unitRoutes } from './routes/units';
import { urlRuleRoutes } from './routes/url-rules';
import { userRoutes } from './routes/users';

/**
 * The API as one fetch-style app (docs/architecture.md, "The API app"): `createApp(env).fetch(request)`.
 * Its routes are the operations of docs/api/openapi.yaml (api/contract/operations.generated.ts), so no route
 * exists outside the document; a request passes the caller's authentication, then the contract's check of its
 * parameters and body, then the operation's handler (api/routes/), which hands typed input to a service
 * (api/services/) holding the domain rules. It serves every operation of the document, in both backends.
 */

const SIGNED_IN: SignedInRoutes = {
  ...meRoutes,
  ...profileRoutes,
  ...unitRoutes,
  ...urlRuleRoutes,
  ...processRuleRoutes,
  ...processRoutes,
  ...screenshotRoutes,
  ...taskRoutes,
  ...mailRoutes,
  ...dashboardRoutes,
  ...auditRoutes,
  ...organizationRoutes,
  ...userRoutes,
  ...eventRoutes,
  ...agentRoutes,
  ...predictionRoutes,
  ...adminDashboardRoutes,
};

/** Operations whose caller is not a signed-in token's (the app checks an `appKey` operation's key itself). */
const PUBLIC: PublicRoutes = {
  ...authRoutes,
  ...agentEnrolRoutes,
};

/** The agent API's operations: the caller is the unit whose active agent holds the credential (agentOf). */
const AGENT: AgentRoutes = agentApiRoutes;

/** The operations this app answers (every one of the document's: tests/contract checks it). */
export const SERVED_OPERATIONS: readonly ContractOperation[] = OPERATIONS.filter(
  (op) => Object.hasOwn(SIGNED_IN, op.operationId) || Object.hasOwn(PUBLIC, op.operationId) || Object.hasOwn(AGENT, op.operationId),
);

/**
 * Literal segments before parameters (`/url-restrictions/all` before `/url-restrictions/{id}`): Hono runs every
 * route that matches in the order they were added, and the first answer wins.
 */
const specificity = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');
const BY_SPECIFICITY = [...OPERATIONS].sort((a, b) => specificity(a.path).localeCompare(specificity(b.path)));

export type ApiApp = Pick<Hono, 'fetch'>;

export function createApp(env: ApiEnv): ApiApp {
  // Not strict: `/api/me/` is `/api/me`, as the embedded backend has always served it.
  const app = new Hono({ strict: false });
  /** The request checked against the document: its refusal (or null), and what it carries. */
  const checked = async (op: ContractOperation, c: Context) => {
    const text = op.body ? await c.req.text() : '';
    const params = c.req.param();
    const { refusal, valueProblems } = checkRequest(op, {
      url: c.req.url,
      pathParams: params,
      contentType: c.req.header('Content-Type') ?? '',
      body: text,
    });
    const refused = refusal
      ? problem(refusal.status, refusal.message, refusal.errors ? { code: refusal.code, errors: refusal.errors } : { code: refusal.code })
      : null;
    return { refused, valueProblems, text, params };
  };
  /** A success for a body the contract refuses: a rule missing in the service, reported loudly. */
  const reported = (op: ContractOperation, answer: Response, valueProblems: string | null) => {
    if (valueProblems !== null && answer.status < 300)
      console.error(`${op.method} ${op.path} accepted a body the contract refuses: ${valueProblems}`);
    return answer;
  };
  for (const op of BY_SPECIFICITY) {
    const route = routeOf(op.path);
    const handler = SIGNED_IN[op.operationId];
    const open = PUBLIC[op.operationId];
    const agent = AGENT[op.operationId];
    if (handler && op.security === 'bearer') {
      app.on(op.method, route, async (c) => {
        const caller = await callerOf(env, c.req.raw);
        if (caller instanceof Response) return caller;
        const { refused, valueProblems, text, params } = await checked(op, c);
        if (refused) return refused;
        return reported(op, await handler({ env, caller, body: parseJson(text), text, request: c.req.raw, params }), valueProblems);
      });
    } else if (agent && op.security === 'agent') {
      app.on(op.method, route, async (c) => {
        // The credential first: an unknown caller learns nothing of what it sent.
        const unit = await agentOf(env, c.req.raw);
        if (unit instanceof Response) return unit;
        const { refused, valueProblems, text, params } = await checked(op, c);
        if (refused) return refused;
        return reported(op, await agent({ env, unit, body: parseJson(text), text, request: c.req.raw, params }), valueProblems);
      });
    } else if (open) {
      app.on(op.method, route, async (c) => {
        if (op.security === 'appKey') {
          const key = c.req.header('key') ?? '';
          if (!key) return problem(401, 'Missing application key');
          if (key !== env.appKey) return problem(401, 'Invalid application key');
        }
        const { refused, valueProblems, text, params } = await checked(op, c);
        if (refused && op.security !== 'bearer') return refused;
        const input: PublicInput = { env, body: parseJson(text), text, request: c.req.raw, params, refusal: refused };
        return reported(op, await open(input), valueProblems);
      });
    }
  }
  // What the document does not have: 404, or 405 with `Allow` when the path has other methods.
  app.notFound((c) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const allowed = [...new Set(documentedMethods(path))];
    if (allowed.length === 0) return problem(404, `No endpoint ${c.req.method} ${path}`, { code: 'unknownPath' });
    const refused = problem(405, `Method ${c.req.method} not allowed on ${path}`, { code: 'methodNotAllowed' });
    refused.headers.set('Allow', allowed.join(', '));
    return refused;
  });
  // A failure is the adapter's to answer: the server rolls its transaction back (503), password work it asked
  // for runs outside the transaction and the request runs again (server/passwords.ts).
  app.onError((error) => {
    throw error;
  });
  return app;
}
