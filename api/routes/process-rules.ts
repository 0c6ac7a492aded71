import type { ProcessRule } from '../../machines/domain/types';
import { idempotent } from '../idempotency';
import { answerChange } from '../results';
import { ifMatchOf, json } from '../http';
import { createRule, removeRule, unitRules, updateRule } from '../services/process-rules';
import type { SignedInRoutes } from './types';

/** /api/service-units/{id}/process-rules (docs/api/openapi.yaml): HTTP in, the process-rules service's rules, HTTP out. */

// The agent ends what a rule blocks and reports it gone: nothing ends here.
const SHOW = (rule: ProcessRule) => ({ ...rule, endedProcessIds: [] });

export const processRuleRoutes: SignedInRoutes = {
  getProcessRules: async ({ env, caller, params }) => {
    const found = await unitRules(env, caller, params['id'] ?? '');
    if (!found.ok) return found.response;
    const items = found.row;
    return json(200, { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) });
  },
  createProcessRule: async ({ env, caller, body, text, request, params }) =>
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () =>
      answerChange(await createRule(env, caller, params['id'] ?? '', body), SHOW),
    ),
  updateProcessRule: async ({ env, caller, body, request, params }) =>
    answerChange(await updateRule(env, caller, params['id'] ?? '', params['ruleId'] ?? '', body, ifMatchOf(request)), SHOW),
  deleteProcessRule: async ({ env, caller, request, params }) =>
    answerChange(await removeRule(env, caller, params['id'] ?? '', params['ruleId'] ?? '', ifMatchOf(request)), SHOW),
};
