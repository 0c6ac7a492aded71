import type { Id, RuleAction, UrlMatchType, UrlRestriction, UrlRuleSchedule } from '../domain/types';

/**
 * Which URL rule decides a URL for a unit at a time — a pure function.
 *
 * Precedence (documented in docs/domain.md, tested over a table in url-matcher.test.ts):
 * 1. Rules that are disabled, out of their schedule, or not scoped to the unit are skipped.
 * 2. Among the rules that match, the most specific wins:
 *    exact URL  >  domain  >  wildcard  =  regex.
 *    Within domain rules a longer domain beats a shorter (`mail.example.com` beats `example.com`);
 *    within wildcard rules the one with more literal (non-`*`) characters wins.
 * 3. Equally specific rules with different actions: block wins.
 * 4. Still tied (same action): the oldest rule (createdAt, then id) is named as the decider.
 * 5. No rule matches: the URL is allowed (allow by default).
 */

export type DecisionReason = 'exactMatch' | 'domainMatch' | 'wildcardMatch' | 'regexMatch' | 'noMatchingRule' | 'invalidUrl';

export type SkipReason = 'disabled' | 'outOfSchedule' | 'outOfScope' | 'invalidPattern' | 'noMatch';

export interface RuleOutcome {
  ruleId: Id;
  /** 'matched', or why the rule did not take part. */
  outcome: 'matched' | SkipReason;
}

export interface UrlDecision {
  action: RuleAction;
  /** The deciding rule; null when no rule matched (allowed by default) or the URL is invalid. */
  rule: UrlRestriction | null;
  reason: DecisionReason;
  /** True when an allow rule just as specific also matched and block won the tie. */
  blockWonTie: boolean;
  /** Every rule and what happened to it, in the order given. */
  outcomes: RuleOutcome[];
}

const RANK: Record<UrlMatchType, number> = { exact: 3, domain: 2, wildcard: 1, regex: 1 };

export interface ParsedUrl {
  /** lower-case scheme without ':' */
  scheme: string;
  host: string;
  /** host + path + query, no scheme, no fragment; the root path is '/' */
  rest: string;
  /** scheme://rest */
  full: string;
}

/**
 * The URL standard's first steps, as a browser takes them before parsing: leading and trailing C0 controls
 * and spaces go, and so does every ASCII tab, line feed and carriage return inside (`http://ev<TAB>il.example/`
 * loads evil.example, so a rule for evil.example must decide it).
 */
export function whatwgPreprocess(raw: string): string {
  // eslint-disable-next-line no-control-regex -- the standard's own character classes
  return raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** Reads a URL as a person types it (`example.com/a` means http://example.com/a); null when it is not one. */
export function parseUrl(raw: string): ParsedUrl | null {
  const text = whatwgPreprocess(raw).trim();
  // Whitespace left after the standard's stripping is not a URL a person meant (a space in a host fails below anyway).
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!url.hostname) return null;
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const port = url.port ? `:${url.port}` : '';
  const rest = `${host}${port}${url.pathname || '/'}${url.search}`;
  return { scheme, host, rest, full: `${scheme}://${rest}` };
}

/**
 * A regular-expression engine the caller provides (machines/ imports nothing but xstate). The app and
 * the embedded backend hand in RE2 (`re2js`), which matches in time linear in the text; a JavaScript
 * RegExp backtracks and `^https://x\.example/(a+)+$` on a 10 kB URL would never finish.
 */
export interface RegexEngine {
  /** A case-insensitive search for the pattern, or null when the engine refuses the pattern. */
  compile(pattern: string): ((text: string) => boolean) | null;
}

/** Without an engine regex rules take no part (outcome `invalidPattern`): nothing is ever matched unsafely. */
export const NO_REGEX_ENGINE: RegexEngine = { compile: () => null };

/** Counts the work of a match, so a test can bound it without a clock. */
export interface WorkMeter {
  steps: number;
}

/**
 * Does the wildcard pattern (`*` = any run of characters, everything else literal) match the whole text?
 * Greedy two-pointer glob: on a mismatch it only moves the most recent `*` one character on, never an
 * older one, so the work is at most |pattern| × |text| steps (no exponential backtracking), and for
 * ordinary patterns about |text|. `*a*a*a*a*a*a*a*a*a*a*b` against 10 kB is a few hundred thousand steps.
 */
export function globMatch(pattern: string, text: string, meter?: WorkMeter): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  let steps = 0;
  while (t < text.length) {
    steps += 1;
    if (p < pattern.length && pattern[p] === '*') {
      star = p;
      p += 1;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p += 1;
      t += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      if (meter) meter.steps += steps;
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  if (meter) meter.steps += steps;
  return p === pattern.length;
}

/** Does the rule's pattern match the URL? null when the pattern itself is unusable. */
export function patternMatches(
  matchType: UrlMatchType,
  pattern: string,
  url: ParsedUrl,
  regexEngine: RegexEngine = NO_REGEX_ENGINE,
  meter?: WorkMeter,
): boolean | null {
  const p = pattern.trim();
  switch (matchType) {
    case 'exact': {
      const target = parseUrl(p);
      if (!target) return null;
      // A pattern written without a scheme matches http and https alike.
      const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(p);
      return hasScheme ? target.full === url.full : target.rest === url.rest;
    }
    case 'domain': {
      const domain = p
        .toLowerCase()
        .replace(/^\*?\./, '')
        .replace(/\.$/, '');
      if (!domain) return null;
      return url.host === domain || url.host.endsWith(`.${domain}`);
    }
    case 'wildcard':
      return globMatch(p.toLowerCase(), (p.includes('://') ? url.full : url.rest).toLowerCase(), meter);
    case 'regex': {
      const test = regexEngine.compile(p);
      return test ? test(url.full) : null;
    }
  }
}

function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Is a schedule active at a local time? A window may cross midnight (22:00–06:00 belongs to its start day). */
export function isScheduleActive(schedule: UrlRuleSchedule, at: Date): boolean {
  if (schedule.kind === 'always') return true;
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  if (from === null || to === null) return false;
  const day = at.getDay();
  const t = at.getHours() * 60 + at.getMinutes();
  const days = new Set<number>(schedule.days);
  if (from === to) return days.has(day);
  if (from < to) return days.has(day) && t >= from && t < to;
  const yesterday = (day + 6) % 7;
  return (days.has(day) && t >= from) || (days.has(yesterday) && t < to);
}

function isInScope(rule: UrlRestriction, unitId: Id | null): boolean {
  if (rule.scope.kind === 'all') return true;
  return unitId !== null && rule.scope.unitIds.includes(unitId);
}

/** Finer ordering inside a match type: a longer domain, or a wildcard with more literal text, is more specific. */
function specificity(rule: UrlRestriction): number {
  if (rule.matchType === 'domain') return rule.pattern.trim().replace(/^\*?\./, '').length;
  if (rule.matchType === 'wildcard') return rule.pattern.replace(/\*/g, '').length;
  return 0;
}

const REASON: Record<UrlMatchType, DecisionReason> = {
  exact: 'exactMatch',
  domain: 'domainMatch',
  wildcard: 'wildcardMatch',
  regex: 'regexMatch',
};

function compareRules(a: UrlRestriction, b: UrlRestriction): number {
  return (
    RANK[b.matchType] - RANK[a.matchType] ||
    specificity(b) - specificity(a) ||
    (a.action === b.action ? 0 : a.action === 'block' ? -1 : 1) ||
    a.createdAt.localeCompare(b.createdAt) ||
    a.id.localeCompare(b.id, 'en', { numeric: true })
  );
}

export function decideUrl(
  rules: readonly UrlRestriction[],
  rawUrl: string,
  unitId: Id | null,
  at: Date,
  regexEngine: RegexEngine = NO_REGEX_ENGINE,
): UrlDecision {
  const url = parseUrl(rawUrl);
  if (!url) {
    return { action: 'allow', rule: null, reason: 'invalidUrl', blockWonTie: false, outcomes: [] };
  }
  const outcomes: RuleOutcome[] = [];
  const matched: UrlRestriction[] = [];
  for (const rule of rules) {
    let outcome: RuleOutcome['outcome'];
    const hit = patternMatches(rule.matchType, rule.pattern, url, regexEngine);
    if (hit === null) outcome = 'invalidPattern';
    else if (!hit) outcome = 'noMatch';
    else if (!rule.enabled) outcome = 'disabled';
    else if (!isInScope(rule, unitId)) outcome = 'outOfScope';
    else if (!isScheduleActive(rule.schedule, at)) outcome = 'outOfSchedule';
    else outcome = 'matched';
    outcomes.push({ ruleId: rule.id, outcome });
    if (outcome === 'matched') matched.push(rule);
  }
  if (matched.length === 0) {
    return { action: 'allow', rule: null, reason: 'noMatchingRule', blockWonTie: false, outcomes };
  }
  const ordered = [...matched].sort(compareRules);
  const winner = ordered[0] as UrlRestriction;
  const blockWonTie =
    winner.action === 'block' &&
    ordered.some((r) => r.action === 'allow' && RANK[r.matchType] === RANK[winner.matchType] && specificity(r) === specificity(winner));
  return { action: winner.action, rule: winner, reason: REASON[winner.matchType], blockWonTie, outcomes };
}
