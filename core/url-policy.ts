/**
 * URL rules as the browsers' own managed policies: Chromium's and Chrome's `URLBlocklist`/`URLAllowlist` (the URL
 * filter format, `[scheme://][.]host[:port][/path]`: a host takes its subdomains unless it starts with a dot, a path is
 * a prefix) and Firefox's `WebsiteFilter` (match patterns, `*://*.example.com/*`). One translation for the reference
 * agent (agent/url-policy.ts), which writes it, and the simulated agents (mirage/simulated-agents.ts), which report
 * it. Pure, no imports, so the agent (Node) imports it as the backend does.
 *
 * A rule the formats cannot express is never dropped silently: it comes back `notEnforceable` with its reason.
 */

export type UrlPolicyMatchType = 'domain' | 'exact' | 'wildcard' | 'regex';

/** Why a rule cannot be a policy entry (the console translates each: url-policy.reasons.<code>). */
export const URL_POLICY_PROBLEMS = [
  'regex',
  'wildcardInHost',
  'subdomainsOnly',
  'wildcardInPath',
  'wildcardInScheme',
  'invalidPattern',
] as const;
export type UrlPolicyProblem = (typeof URL_POLICY_PROBLEMS)[number];

/** What a rule is on the unit now: in the policy, out of its schedule's window (left out until it opens), or not expressible. */
export const URL_RULE_ENFORCEMENTS = ['enforced', 'outOfSchedule', 'notEnforceable'] as const;
export type UrlRuleEnforcementStatus = (typeof URL_RULE_ENFORCEMENTS)[number];

export type UrlPolicySchedule = { kind: 'always' } | { kind: 'window'; days: readonly number[]; from: string; to: string };

/** What the translation reads of a rule: the contract's UrlRestriction, a stored row, the agent's config entry. */
export interface UrlPolicyRule {
  id: string;
  pattern: string;
  matchType: UrlPolicyMatchType;
  action: 'allow' | 'block';
  enabled: boolean;
  schedule: UrlPolicySchedule;
}

export interface UrlRuleEnforcement {
  ruleId: string;
  /** The rule's pattern, so the console can name the rule as the agent enforces it. */
  pattern: string;
  status: UrlRuleEnforcementStatus;
  /** Set when notEnforceable. */
  reason: UrlPolicyProblem | null;
}

export interface UrlPolicy {
  /** The content of Chromium's and Chrome's managed policy file. */
  chromium: { URLBlocklist: string[]; URLAllowlist: string[] };
  /** Firefox's `policies.WebsiteFilter`. */
  firefox: { Block: string[]; Exceptions: string[] };
  /** One entry per enabled rule, in the order given. */
  rules: UrlRuleEnforcement[];
}

/** One rule as both formats write it. */
interface Entry {
  chromium: string;
  firefox: string;
}

type Translation = { ok: true; entry: Entry } | { ok: false; reason: UrlPolicyProblem };

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const SCHEME = /^[a-z][a-z0-9+.-]*$/;
const PORT = /^\d{1,5}$/;

const fail = (reason: UrlPolicyProblem): Translation => ({ ok: false, reason });

/** `host[:port]` checked: the host in lower case, the port or ''. */
function hostAndPort(text: string): { host: string; port: string } | null {
  const at = text.lastIndexOf(':');
  const host = (at >= 0 ? text.slice(0, at) : text).toLowerCase();
  const port = at >= 0 ? text.slice(at + 1) : '';
  if (!HOST.test(host) || (port !== '' && !PORT.test(port))) return null;
  return { host, port };
}

/**
 * One URL as both formats write it: Chromium with a leading dot (this host only, as the rules match) and its path
 * as a prefix; Firefox as a match pattern (no port: it matches any). `path` starts with '/'.
 */
function urlEntry(scheme: string | null, host: string, port: string, path: string, prefix: boolean): Entry {
  const chromiumPath = path === '/' ? '' : path;
  return {
    chromium: `${scheme ? `${scheme}://` : ''}.${host}${port ? `:${port}` : ''}${chromiumPath}`,
    firefox: `${scheme ?? '*'}://${host}${path}${prefix ? '*' : ''}`,
  };
}

function translateDomain(pattern: string): Translation {
  const domain = pattern.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(domain)) return fail('invalidPattern');
  return { ok: true, entry: { chromium: domain, firefox: `*://*.${domain}/*` } };
}

function translateExact(pattern: string): Translation {
  const p = pattern.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(p);
  let url: URL;
  try {
    url = new URL(hasScheme ? p : `http://${p}`);
  } catch {
    return fail('invalidPattern');
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!HOST.test(host)) return fail('invalidPattern');
  const scheme = hasScheme ? url.protocol.replace(/:$/, '').toLowerCase() : null;
  return { ok: true, entry: urlEntry(scheme, host, url.port, `${url.pathname || '/'}${url.search}`, false) };
}

/**
 * A wildcard rule (`*` any run of characters over `host/path?query`, or over the whole URL when it names a scheme)
 * becomes an entry only where one means exactly the same: a whole host with a path that ends in `*` (a prefix), or
 * every URL. Anything else is reported with where the `*` stands.
 */
function translateWildcard(pattern: string): Translation {
  // The host in lower case; the path as written (Chromium compares paths case-sensitively).
  let rest = pattern.trim();
  let scheme: string | null = null;
  const sep = rest.indexOf('://');
  if (sep >= 0) {
    const named = rest.slice(0, sep).toLowerCase();
    rest = rest.slice(sep + 3);
    if (named.includes('*')) {
      if (named !== '*') return fail('wildcardInScheme');
    } else if (SCHEME.test(named)) scheme = named;
    else return fail('invalidPattern');
  }
  if (/^\*+(\/\*+)?$/.test(rest)) {
    return { ok: true, entry: { chromium: scheme ? `${scheme}://*` : '*', firefox: scheme ? `${scheme}://*/*` : '<all_urls>' } };
  }
  const slash = rest.indexOf('/');
  const hostPart = slash >= 0 ? rest.slice(0, slash) : rest;
  const path = slash >= 0 ? rest.slice(slash) : '';
  if (hostPart.includes('*')) {
    // Any host, but a `*` inside the path too: the path is what no policy can say.
    if (hostPart === '*' && path.replace(/\*+$/, '').includes('*')) return fail('wildcardInPath');
    const below = /^\*\.([^*]+)$/.exec(hostPart);
    return fail(below && hostAndPort(below[1] ?? '') ? 'subdomainsOnly' : 'wildcardInHost');
  }
  const at = hostAndPort(hostPart);
  // Without a path the glob never matches (every URL has one, '/' at least): nothing a policy could say.
  if (!at || path === '') return fail('invalidPattern');
  const literal = path.replace(/\*+$/, '');
  const prefix = literal.length < path.length;
  // A `*` inside the path, or a prefix of a query: Chromium's path is a prefix and its query a set of keys.
  if (literal.includes('*') || (prefix && literal.includes('?'))) return fail('wildcardInPath');
  return { ok: true, entry: urlEntry(scheme, at.host, at.port, literal, prefix) };
}

function translate(rule: UrlPolicyRule): Translation {
  switch (rule.matchType) {
    case 'domain':
      return translateDomain(rule.pattern);
    case 'exact':
      return translateExact(rule.pattern);
    case 'wildcard':
      return translateWildcard(rule.pattern);
    case 'regex':
      return fail('regex');
  }
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const minutesOf = (hhmm: string): number | null => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** The weekday (0 = Sunday) and minute of the day at `at` in `timeZone` (an IANA name). */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS[part('weekday')] ?? 0, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/**
 * Whether a schedule is open at `at` in the unit's time zone: the same rule as the console's URL tester
 * (machines/url-restrictions/url-matcher.ts isScheduleActive): a window crossing midnight belongs to its start day,
 * and from = to means the whole of each day named.
 */
export function scheduleOpen(schedule: UrlPolicySchedule, at: Date, timeZone: string): boolean {
  if (schedule.kind === 'always') return true;
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  if (from === null || to === null) return false;
  const { day, minute } = localTime(at, timeZone);
  const days = new Set(schedule.days);
  if (from === to) return days.has(day);
  if (from < to) return days.has(day) && minute >= from && minute < to;
  return (days.has(day) && minute >= from) || (days.has((day + 6) % 7) && minute < to);
}

const push = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

/** The policy of the enabled rules at `at` in `timeZone`, and what became of each rule. */
export function urlPolicyOf(rules: readonly UrlPolicyRule[], at: Date, timeZone: string): UrlPolicy {
  const policy: UrlPolicy = { chromium: { URLBlocklist: [], URLAllowlist: [] }, firefox: { Block: [], Exceptions: [] }, rules: [] };
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const translated = translate(rule);
    if (!translated.ok) {
      policy.rules.push({ ruleId: rule.id, pattern: rule.pattern, status: 'notEnforceable', reason: translated.reason });
      continue;
    }
    if (!scheduleOpen(rule.schedule, at, timeZone)) {
      policy.rules.push({ ruleId: rule.id, pattern: rule.pattern, status: 'outOfSchedule', reason: null });
      continue;
    }
    const block = rule.action === 'block';
    push(block ? policy.chromium.URLBlocklist : policy.chromium.URLAllowlist, translated.entry.chromium);
    push(block ? policy.firefox.Block : policy.firefox.Exceptions, translated.entry.firefox);
    policy.rules.push({ ruleId: rule.id, pattern: rule.pattern, status: 'enforced', reason: null });
  }
  return policy;
}
