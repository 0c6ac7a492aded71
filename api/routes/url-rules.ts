import { parseListQuery } from '../../core/list-query';
import { URL_RULE_LIST_SPEC } from '../../core/url-rules';
import { versionOf } from '../../core/versions';
import { createRefusal } from '../access';
import { idempotent } from '../idempotency';
import { answerChange } from '../results';
import { ifMatchOf, json, versioned } from '../http';
import { createRule, removeRule, ruleFor, ruleScope, updateRule } from '../services/url-rules';
import type { SignedInRoutes } from './types';

/** /api/url-restrictions (docs/api/openapi.yaml): HTTP in, the URL-rules service's rules, HTTP out. */

export const urlRuleRoutes: SignedInRoutes = {
  getAllUrlRestrictions: async ({ env, caller }) => {
    const items = await env.urlRules.all(ruleScope(caller));
    return json(200, { items, total: items.length });
  },
  getUrlRestrictions: async ({ env, caller, request }) => {
    const query = parseListQuery(new URL(request.url).searchParams, URL_RULE_LIST_SPEC);
    const { rows, total } = await env.urlRules.list(query, ruleScope(caller));
    return json(200, { items: rows, total, page: query.page, pageSize: query.pageSize });
  },
  getUrlRestriction: async ({ env, caller, params }) => {
    const found = await ruleFor(env, caller, 'read', params['id'] ?? '');
    return found.ok ? versioned(200, found.row, versionOf(found.row)) : found.response;
  },
  createUrlRestriction: async ({ env, caller, body, text, request }) =>
    createRefusal(caller, 'urlRule') ??
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () => answerChange(await createRule(env, caller, body))),
  updateUrlRestriction: async ({ env, caller, body, request, params }) =>
    answerChange(await updateRule(env, caller, params['id'] ?? '', body, ifMatchOf(request))),
  deleteUrlRestriction: async ({ env, caller, request, params }) =>
    answerChange(await removeRule(env, caller, params['id'] ?? '', ifMatchOf(request))),
};
