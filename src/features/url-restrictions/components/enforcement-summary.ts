import type { AgentUrlPolicy, UrlRuleEnforcement } from '@machines/domain/types';
import type { UnitPolicy } from '../api/get-units-enforcement';

/** Why a rule is not enforced on a unit: a reason the policy format gives, or the policy not being in force there. */
export type NotEnforcedWhy = `reasons.${NonNullable<UrlRuleEnforcement['reason']>}` | 'noPermission' | 'failed' | 'neverWritten';

export interface RuleAcrossUnits {
  ruleId: string;
  pattern: string;
  enforced: string[];
  outOfSchedule: string[];
  /** Units where it is not enforced, grouped by why, the largest group first. */
  notEnforced: { why: NotEnforcedWhy; units: string[] }[];
}

/** The policy is in force on the unit: written, and not failed since (a failed rewrite leaves the old one in force). */
const inForce = (policy: AgentUrlPolicy) => policy.state === 'written' && policy.writtenAt !== null;

function whyNot(rule: UrlRuleEnforcement, policy: AgentUrlPolicy): NotEnforcedWhy | null {
  if (rule.status === 'notEnforceable') return `reasons.${rule.reason ?? 'invalidPattern'}`;
  if (inForce(policy)) return null;
  return policy.state === 'noPermission' ? 'noPermission' : policy.state === 'failed' ? 'failed' : 'neverWritten';
}

/**
 * Per rule, the units that enforce it, that hold it outside its schedule, and that do not, and why: from each unit's
 * last report. A rule a unit does not report does not apply to it (scope, or disabled). Rules in the order first met.
 */
export function rulesAcrossUnits(units: readonly UnitPolicy[]): RuleAcrossUnits[] {
  type Entry = Omit<RuleAcrossUnits, 'notEnforced'> & { why: Map<NotEnforcedWhy, string[]> };
  const rules = new Map<string, Entry>();
  for (const unit of units) {
    const policy = unit.policy;
    if (!policy || policy.state === 'off') continue;
    for (const rule of policy.rules) {
      const entry: Entry = rules.get(rule.ruleId) ?? {
        ruleId: rule.ruleId,
        pattern: rule.pattern,
        enforced: [],
        outOfSchedule: [],
        why: new Map<NotEnforcedWhy, string[]>(),
      };
      rules.set(rule.ruleId, entry);
      const why = whyNot(rule, policy);
      if (why !== null) entry.why.set(why, [...(entry.why.get(why) ?? []), unit.name]);
      else if (rule.status === 'outOfSchedule') entry.outOfSchedule.push(unit.name);
      else entry.enforced.push(unit.name);
    }
  }
  return [...rules.values()].map(({ why, ...rule }) => ({
    ...rule,
    notEnforced: [...why.entries()].map(([w, names]) => ({ why: w, units: names })).sort((a, b) => b.units.length - a.units.length),
  }));
}

/** Whether the unit needs a look: an agent that reports no policy, cannot write it, or holds a rule it cannot enforce. */
export function hasProblem(unit: UnitPolicy): boolean {
  if (!unit.hasAgent) return false;
  const policy = unit.policy;
  if (policy === null) return true;
  if (policy.state === 'noPermission' || policy.state === 'failed') return true;
  return policy.rules.some((r) => r.status === 'notEnforceable');
}
