import { versionOf } from '../../core/versions';
import { idempotent } from '../idempotency';
import { changedElsewhere, json, noContent, problem, versioned } from '../http';
import { createRule, removeRule, unitRules, updateRule, type ProcessRuleResult } from '../services/process-rules';
import type { SignedInRoutes } from './types';

/** /api/service-units/{id}/process-rules (docs/api/openapi.yaml): HTTP in, the process-rules service's rules, HTTP out. */

function answer(result: ProcessRuleResult): Response {
  switch (result.kind) {
    case 'rule':
      // The agent ends what a rule blocks and reports it gone: nothing ends here.
      return result.created
        ? json(201, { ...result.rule, endedProcessIds: [] })
        : versioned(200, { ...result.rule, endedProcessIds: [] }, versionOf(result.rule));
    case 'stale':
      return changedElsewhere(result.current, versionOf(result.current));
    case 'invalid':
      return problem(result.status, result.message, result.errors ? { errors: result.errors } : {});
    case 'refused':
      return result.response;
    case 'removed':
      return noContent();
  }
}

const ifMatchOf = (request: Request) => request.headers.get('If-Match') ?? undefined;

export const processRuleRoutes: SignedInRoutes = {
  getProcessRules: async ({ env, caller, params }) => {
    const found = await unitRules(env, caller, params['id'] ?? '');
    if (!found.ok) return found.response;
    const items = found.row;
    return json(200, { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) });
  },
  createProcessRule: async ({ env, caller, body, text, request, params }) =>
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () =>
      answer(await createRule(env, caller, params['id'] ?? '', body)),
    ),
  updateProcessRule: async ({ env, caller, body, request, params }) =>
    answer(await updateRule(env, caller, params['id'] ?? '', params['ruleId'] ?? '', body, ifMatchOf(request))),
  deleteProcessRule: async ({ env, caller, request, params }) =>
    answer(await removeRule(env, caller, params['id'] ?? '', params['ruleId'] ?? '', ifMatchOf(request))),
};
