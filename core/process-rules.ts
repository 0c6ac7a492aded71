/**
 * The process-rule decision, one rule for every place that applies it: the reference agent (agent/rules.ts),
 * which ends what it says on the machine, and the simulated agents (mirage/simulated-agents.ts), which leave
 * it out of their reports. Pure, no imports, so the agent (Node) imports it as the backend does.
 */

/** What the decision reads of a rule: the contract's ProcessRule, a stored row, the agent's config entry. */
export interface ProcessRuleLike {
  pattern: string;
  action: 'allow' | 'block';
  enabled: boolean;
}

/**
 * `*` globs matched by a greedy two-pointer walk: at most |pattern| × |text| steps, never the exponential
 * backtracking of a RegExp built from the glob (`*a*a*a*a*a*a*a*a*a*a*b` took 18 s on 40 characters).
 * Case-insensitive, over the whole text. Same algorithm as machines/url-restrictions/url-matcher.ts globMatch.
 */
export function globMatches(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const s = text.toLowerCase();
  let pi = 0;
  let si = 0;
  let star = -1;
  let resume = 0;
  while (si < s.length) {
    if (pi < p.length && p[pi] === '*') {
      star = pi;
      pi += 1;
      resume = si;
    } else if (pi < p.length && p[pi] === s[si]) {
      pi += 1;
      si += 1;
    } else if (star >= 0) {
      pi = star + 1;
      resume += 1;
      si = resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi += 1;
  return pi === p.length;
}

/**
 * The rule that ends the process named `name`: the first enabled block rule that matches, unless an enabled
 * allow rule matches too (an allow rule is an exception to every block rule). Disabled rules count for nothing.
 */
export function blockingRule<R extends ProcessRuleLike>(rules: readonly R[], name: string): R | undefined {
  const matching = rules.filter((r) => r.enabled && globMatches(r.pattern, name));
  if (matching.some((r) => r.action === 'allow')) return undefined;
  return matching.find((r) => r.action === 'block');
}

/** Whether any enabled block rule is there at all (no rule to apply: nothing to look at). */
export const hasBlockRule = (rules: readonly ProcessRuleLike[]): boolean => rules.some((r) => r.enabled && r.action === 'block');
