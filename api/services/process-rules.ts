import type { Change } from '../results';
import type { ProcessRule, RuleAction } from '../../machines/domain/types';
import type { Action } from '../../machines/permissions/can';
import { readText } from '../../machines/text/text-rules';
import type { ProcessRuleRecord } from '../../core/process-rule-repository';
import { PROCESS_RULE_TEXT_RULES, processPatternProblem } from '../../core/rule-patterns';
import { ifMatchHolds, versionOf } from '../../core/versions';
import { access, type Access } from '../access';
import type { ServiceUnitRow } from '../../core/service-units';
import type { Account, ApiEnv } from '../env';
import { isRecord, problem } from '../http';

/**
 * A unit's process rules (docs/domain.md): they belong to the unit's organization, so `can()` is asked about
 * the unit (api/access.ts). The unit's agent enforces a rule (core/process-rules.ts); the backend only stores
 * it. A pattern is unique per unit in any case (`duplicate`).
 */

const RULE_NOT_FOUND = 'Rule not found';

export type RuleInput = Pick<ProcessRule, 'pattern' | 'action' | 'enabled' | 'comment'>;

export type ProcessRuleResult = Change<ProcessRule>;

/** A rule as the API answers it: one stored before versions is at version 1, changed at its creation. */
export const toRule = (row: Readonly<ProcessRuleRecord>): ProcessRule => ({
  ...row,
  id: String(row.id),
  version: versionOf(row),
  updatedAt: row.updatedAt ?? row.createdAt,
});

/** The unit when the caller may do `action` to its process rules (404 when absent or unreadable, 403 with the reason). */
export async function ruleUnit(
  env: ApiEnv,
  caller: Account,
  action: Action,
  unitId: string,
  notFound = 'Service unit not found',
): Promise<Access<Readonly<ServiceUnitRow>>> {
  return access(caller, action, 'processRule', await env.units.get(unitId), notFound);
}

/** The rule of the path when the caller may do `action` to it: 404 when it is not the unit's, 403 when refused. */
async function ruleOf(env: ApiEnv, caller: Account, action: Action, unitId: string, ruleId: string) {
  const unit = await ruleUnit(env, caller, 'read', unitId, RULE_NOT_FOUND);
  const existing = await env.processRules.get(ruleId);
  if (!unit.ok || !existing || existing.serviceUnitId !== String(unit.row.id)) return { kind: 'refused' as const, response: unitMissing() };
  const allowed = await ruleUnit(env, caller, action, unitId);
  return allowed.ok ? { kind: 'found' as const, unit: allowed.row, existing } : { kind: 'refused' as const, response: allowed.response };
}

const unitMissing = () => problem(404, RULE_NOT_FOUND);

/** Validates a rule body: the clean input, or why not. */
async function readRule(env: ApiEnv, body: unknown, unitId: string, ignoreId?: string): Promise<RuleInput | ProcessRuleResult> {
  if (!isRecord(body)) return { kind: 'invalid', status: 400, message: 'Invalid JSON body' };
  const errors: Record<string, string> = {};
  const patternText = readText(body['pattern'], PROCESS_RULE_TEXT_RULES.pattern);
  const pattern = patternText.value;
  const problem = patternText.problem ?? processPatternProblem(pattern);
  if (problem) errors['pattern'] = problem;
  const action = body['action'];
  if (action !== 'allow' && action !== 'block') errors['action'] = 'invalidAction';
  const { value: comment, problem: commentProblem } = readText(body['comment'], PROCESS_RULE_TEXT_RULES.comment);
  if (commentProblem) errors['comment'] = commentProblem;
  const enabled = body['enabled'] === undefined ? true : body['enabled'];
  if (typeof enabled !== 'boolean') errors['enabled'] = 'invalid';
  if (!problem) {
    const duplicate = (await env.processRules.ofUnit(unitId)).some(
      (r) => String(r.id) !== ignoreId && r.pattern.toLowerCase() === pattern.toLowerCase(),
    );
    if (duplicate) errors['pattern'] = 'duplicate';
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', status: 422, message: 'The rule is not valid', errors };
  return { pattern, action: action as RuleAction, enabled: enabled as boolean, comment };
}

const isInput = (value: RuleInput | ProcessRuleResult): value is RuleInput => 'pattern' in value;

/** The unit's rules, by pattern. */
export async function unitRules(env: ApiEnv, caller: Account, unitId: string): Promise<Access<ProcessRule[]>> {
  const found = await ruleUnit(env, caller, 'read', unitId);
  if (!found.ok) return found;
  const rules = await env.processRules.ofUnit(String(found.row.id));
  return { ok: true, row: rules.map(toRule).sort((a, b) => a.pattern.localeCompare(b.pattern)) };
}

export async function createRule(env: ApiEnv, caller: Account, unitId: string, body: unknown): Promise<ProcessRuleResult> {
  const found = await ruleUnit(env, caller, 'create', unitId);
  if (!found.ok) return { kind: 'refused', response: found.response };
  const id = String(found.row.id);
  const input = await readRule(env, body, id);
  if (!isInput(input)) return input;
  const rule = await env.processRules.insert({ ...input, serviceUnitId: id, createdAt: new Date(env.now()).toISOString() });
  return { kind: 'saved', record: toRule(rule), created: true };
}

/** Changes a rule; a partial body (e.g. only `enabled`) keeps the other fields. */
export async function updateRule(
  env: ApiEnv,
  caller: Account,
  unitId: string,
  ruleId: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<ProcessRuleResult> {
  const found = await ruleOf(env, caller, 'update', unitId, ruleId);
  if (found.kind === 'refused') return found;
  const { unit, existing } = found;
  const merged = isRecord(body)
    ? { pattern: existing.pattern, action: existing.action, enabled: existing.enabled, comment: existing.comment, ...body }
    : body;
  if (!ifMatchHolds(ifMatch, versionOf(existing))) return { kind: 'stale', current: toRule(existing) };
  const input = await readRule(env, merged, String(unit.id), String(existing.id));
  if (!isInput(input)) return input;
  const rule = await env.processRules.update(String(existing.id), {
    ...input,
    version: versionOf(existing) + 1,
    updatedAt: new Date(env.now()).toISOString(),
    updatedBy: caller.displayName,
  });
  return { kind: 'saved', record: toRule(rule) };
}

export async function removeRule(
  env: ApiEnv,
  caller: Account,
  unitId: string,
  ruleId: string,
  ifMatch: string | undefined,
): Promise<ProcessRuleResult> {
  const found = await ruleOf(env, caller, 'delete', unitId, ruleId);
  if (found.kind === 'refused') return found;
  if (!ifMatchHolds(ifMatch, versionOf(found.existing))) return { kind: 'stale', current: toRule(found.existing) };
  await env.processRules.remove(String(found.existing.id));
  return { kind: 'done' };
}
