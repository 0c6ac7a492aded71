import type { Change } from '../results';
import type { RuleAction, UrlMatchType, UrlRestriction, UrlRuleSchedule, UrlRuleScope, Weekday } from '../../machines/domain/types';
import type { UrlRuleRecord } from '../../core/url-rules';
import { readText } from '../../machines/text/text-rules';
import { normalizeUrlPattern, TIME_OF_DAY, URL_RULE_TEXT_RULES, urlPatternProblem } from '../../core/rule-patterns';
import { duplicateKey } from '../../core/url-rules';
import { ifMatchHolds, versionOf } from '../../core/versions';
import { access, organizationScope, type Access } from '../access';
import type { Account, ApiEnv } from '../env';
import { isRecord } from '../http';

/**
 * URL restrictions (allow/block rules) of an organization (docs/domain.md): who may read and change them is
 * `can()`'s (api/access.ts); a rule's input is read field by field into codes the forms translate; two rules
 * of an organization with the same type, pattern and units are one rule (`duplicateRule`).
 */

const MATCH_TYPES: readonly UrlMatchType[] = ['domain', 'exact', 'wildcard', 'regex'];
const ACTIONS: readonly RuleAction[] = ['allow', 'block'];
const NOT_FOUND = 'URL rule not found';

export type RuleInput = Pick<UrlRestriction, 'pattern' | 'matchType' | 'action' | 'enabled' | 'scope' | 'schedule' | 'reason'>;

/** What a change answers: the rule, or why not (the route turns each into HTTP). */
export type RuleResult = Change<Readonly<UrlRuleRecord>>;

export const ruleScope = (caller: Account) => organizationScope(caller, 'urlRule');

/** `organizationId`: the rule's; the units a rule is scoped to must be that organization's. */
async function readRuleInput(
  env: ApiEnv,
  organizationId: string,
  body: unknown,
): Promise<{ value: RuleInput; errors: Record<string, string> }> {
  const b = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const matchType = (typeof b['matchType'] === 'string' ? b['matchType'] : '') as UrlMatchType;
  if (!MATCH_TYPES.includes(matchType)) errors['matchType'] = 'required';
  // The shared text rule first (control, bidi, invisible characters; length), then the type's syntax.
  const patternText = readText(b['pattern'], URL_RULE_TEXT_RULES.pattern);
  const pattern = MATCH_TYPES.includes(matchType) ? normalizeUrlPattern(matchType, patternText.value) : patternText.value;
  if (patternText.problem) errors['pattern'] = patternText.problem;
  else if (!errors['matchType']) {
    const problem = urlPatternProblem(matchType, pattern);
    if (problem) errors['pattern'] = problem;
  }
  const action = (typeof b['action'] === 'string' ? b['action'] : '') as RuleAction;
  if (!ACTIONS.includes(action)) errors['action'] = 'required';
  const enabled = b['enabled'] !== false;

  let scope: UrlRuleScope = { kind: 'all' };
  const rawScope = isRecord(b['scope']) ? b['scope'] : { kind: 'all' };
  if (rawScope['kind'] === 'units') {
    const ids = Array.isArray(rawScope['unitIds']) ? rawScope['unitIds'].map(String) : [];
    const unique = [...new Set(ids)];
    if (unique.length === 0) errors['unitIds'] = 'required';
    else {
      const own = (await env.units.getMany(unique)).filter((unit) => String(unit.organizationId) === organizationId);
      if (own.length !== unique.length) errors['unitIds'] = 'unknownUnit';
    }
    scope = { kind: 'units', unitIds: unique };
  } else if (rawScope['kind'] !== 'all') errors['scope'] = 'required';

  let schedule: UrlRuleSchedule = { kind: 'always' };
  const rawSchedule = isRecord(b['schedule']) ? b['schedule'] : { kind: 'always' };
  if (rawSchedule['kind'] === 'window') {
    const days = Array.isArray(rawSchedule['days'])
      ? [...new Set(rawSchedule['days'].filter((d): d is Weekday => Number.isInteger(d) && Number(d) >= 0 && Number(d) <= 6))].sort()
      : [];
    const from = typeof rawSchedule['from'] === 'string' ? rawSchedule['from'] : '';
    const to = typeof rawSchedule['to'] === 'string' ? rawSchedule['to'] : '';
    if (days.length === 0) errors['days'] = 'required';
    if (!TIME_OF_DAY.test(from)) errors['from'] = 'invalidTime';
    if (!TIME_OF_DAY.test(to)) errors['to'] = 'invalidTime';
    else if (from === to) errors['to'] = 'sameTime';
    schedule = { kind: 'window', days, from, to };
  } else if (rawSchedule['kind'] !== 'always') errors['schedule'] = 'required';

  const { value: reason, problem: reasonProblem } = readText(b['reason'], URL_RULE_TEXT_RULES.reason);
  if (reasonProblem) errors['reason'] = reasonProblem;
  return { value: { pattern, matchType, action, enabled, scope, schedule, reason }, errors };
}

/** The input's field errors, with `duplicateRule` when another rule of the organization is the same rule. */
async function inputErrors(env: ApiEnv, organizationId: string, body: unknown, exceptId?: string) {
  const { value, errors } = await readRuleInput(env, organizationId, body);
  if (Object.keys(errors).length === 0 && (await env.urlRules.hasDuplicate(organizationId, duplicateKey(value), exceptId)))
    errors['pattern'] = 'duplicateRule';
  return { value, errors, valid: Object.keys(errors).length === 0 };
}

/** The rule when the caller may do `action` to it (404 when absent or unreadable, 403 with the reason). */
export async function ruleFor(
  env: ApiEnv,
  caller: Account,
  action: 'read' | 'update' | 'delete',
  id: string,
): Promise<Access<Readonly<UrlRuleRecord>>> {
  return access(caller, action, 'urlRule', await env.urlRules.get(id), NOT_FOUND);
}

/** A new rule of the caller's organization (the route checked that they may create one). */
export async function createRule(env: ApiEnv, caller: Account, body: unknown): Promise<RuleResult> {
  const organizationId = String(caller.organizationId);
  const { value, errors, valid } = await inputErrors(env, organizationId, body);
  if (!valid) return { kind: 'invalid', errors };
  const now = new Date(env.now()).toISOString();
  const rule = await env.urlRules.insert({ ...value, organizationId, createdAt: now, updatedAt: now, updatedBy: caller.displayName });
  return { kind: 'saved', record: rule, created: true };
}

/** Changes a rule: refused as stale when `ifMatch` names another version (none: the change goes on, for scripts). */
export async function updateRule(
  env: ApiEnv,
  caller: Account,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<RuleResult> {
  const found = await ruleFor(env, caller, 'update', id);
  if (!found.ok) return { kind: 'refused', response: found.response };
  if (!ifMatchHolds(ifMatch, versionOf(found.row))) return { kind: 'stale', current: found.row };
  const { value, errors, valid } = await inputErrors(env, String(found.row.organizationId), body, id);
  if (!valid) return { kind: 'invalid', errors };
  const rule = await env.urlRules.update(id, {
    ...value,
    updatedAt: new Date(env.now()).toISOString(),
    updatedBy: caller.displayName,
    version: versionOf(found.row) + 1,
  });
  return { kind: 'saved', record: rule };
}

export async function removeRule(env: ApiEnv, caller: Account, id: string, ifMatch: string | undefined): Promise<RuleResult> {
  const found = await ruleFor(env, caller, 'delete', id);
  if (!found.ok) return { kind: 'refused', response: found.response };
  if (!ifMatchHolds(ifMatch, versionOf(found.row))) return { kind: 'stale', current: found.row };
  await env.urlRules.remove(id);
  return { kind: 'done' };
}
