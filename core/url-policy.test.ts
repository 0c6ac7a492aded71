import { describe, expect, it } from 'vitest';
import { scheduleOpen, urlPolicyOf, type UrlPolicyRule } from './url-policy';

const rule = (over: Partial<UrlPolicyRule>): UrlPolicyRule => ({
  id: 'r1',
  pattern: 'example.com',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  ...over,
});

// Monday 2026-12-07 09:30 in Berlin (08:30 UTC).
const MONDAY_MORNING = new Date('2026-12-07T08:30:00Z');
const BERLIN = 'Europe/Berlin';

const one = (over: Partial<UrlPolicyRule>) => urlPolicyOf([rule(over)], MONDAY_MORNING, BERLIN);

describe('urlPolicyOf: a rule at a time', () => {
  it.each<[string, Partial<UrlPolicyRule>, string, string]>([
    ['a domain takes its subdomains', { pattern: 'example.com' }, 'example.com', '*://*.example.com/*'],
    [
      'an exact URL with its scheme is that URL (this host only)',
      { matchType: 'exact', pattern: 'https://example.com/news?id=4' },
      'https://.example.com/news?id=4',
      'https://example.com/news?id=4',
    ],
    [
      'an exact URL without a scheme is any scheme',
      { matchType: 'exact', pattern: 'shop.example.com/cart' },
      '.shop.example.com/cart',
      '*://shop.example.com/cart',
    ],
    [
      'an exact root URL is the host',
      { matchType: 'exact', pattern: 'http://kiosk.local:8080/' },
      'http://.kiosk.local:8080',
      'http://kiosk.local/',
    ],
    [
      'a wildcard host/* is the host',
      { matchType: 'wildcard', pattern: 'games.example.com/*' },
      '.games.example.com',
      '*://games.example.com/*',
    ],
    [
      'a wildcard path prefix keeps its case',
      { matchType: 'wildcard', pattern: 'Example.com/Admin*' },
      '.example.com/Admin',
      '*://example.com/Admin*',
    ],
    [
      'a wildcard with a scheme',
      { matchType: 'wildcard', pattern: 'https://example.com/private/*' },
      'https://.example.com/private/',
      'https://example.com/private/*',
    ],
    ['a wildcard *:// is any scheme', { matchType: 'wildcard', pattern: '*://example.com/*' }, '.example.com', '*://example.com/*'],
    ['a wildcard of everything', { matchType: 'wildcard', pattern: '*' }, '*', '<all_urls>'],
  ])('%s', (_name, over, chromium, firefox) => {
    const policy = one(over);
    expect(policy.chromium).toEqual({ URLBlocklist: [chromium], URLAllowlist: [] });
    expect(policy.firefox).toEqual({ Block: [firefox], Exceptions: [] });
    expect(policy.rules).toEqual([{ ruleId: 'r1', pattern: over.pattern, status: 'enforced', reason: null }]);
  });

  it('an allow rule goes to the allow list and the exceptions', () => {
    const policy = urlPolicyOf(
      [
        rule({ id: 'b', pattern: 'example.com' }),
        rule({ id: 'a', action: 'allow', matchType: 'exact', pattern: 'https://example.com/help' }),
      ],
      MONDAY_MORNING,
      BERLIN,
    );
    expect(policy.chromium).toEqual({ URLBlocklist: ['example.com'], URLAllowlist: ['https://.example.com/help'] });
    expect(policy.firefox).toEqual({ Block: ['*://*.example.com/*'], Exceptions: ['https://example.com/help'] });
  });

  it.each<[string, Partial<UrlPolicyRule>, string]>([
    ['a regex', { matchType: 'regex', pattern: '^https://(www\\.)?example\\.com/.*' }, 'regex'],
    ['a wildcard in the middle of a host', { matchType: 'wildcard', pattern: 'www.*.example.com/*' }, 'wildcardInHost'],
    ['a wildcard ending a host', { matchType: 'wildcard', pattern: 'example.*' }, 'wildcardInHost'],
    ['subdomains without the domain', { matchType: 'wildcard', pattern: '*.example.com/*' }, 'subdomainsOnly'],
    ['a wildcard inside a path', { matchType: 'wildcard', pattern: 'example.com/*/admin' }, 'wildcardInPath'],
    ['any host with a wildcard inside the path', { matchType: 'wildcard', pattern: '*/downloads/*.exe' }, 'wildcardInPath'],
    ['a wildcard ending a query', { matchType: 'wildcard', pattern: 'example.com/watch?v=*' }, 'wildcardInPath'],
    ['a wildcard in a scheme', { matchType: 'wildcard', pattern: 'http*://example.com/*' }, 'wildcardInScheme'],
    ['a wildcard without a path (matches no URL)', { matchType: 'wildcard', pattern: 'example.com' }, 'invalidPattern'],
  ])('%s is not enforceable, with its reason', (_name, over, reason) => {
    const policy = one(over);
    expect(policy.rules).toEqual([{ ruleId: 'r1', pattern: over.pattern, status: 'notEnforceable', reason }]);
    expect(policy.chromium).toEqual({ URLBlocklist: [], URLAllowlist: [] });
    expect(policy.firefox).toEqual({ Block: [], Exceptions: [] });
  });

  it('a disabled rule is left out, and two rules meaning the same are one entry', () => {
    const policy = urlPolicyOf(
      [
        rule({ id: 'a', pattern: 'example.com' }),
        rule({ id: 'b', pattern: 'example.com.' }),
        rule({ id: 'c', pattern: 'other.com', enabled: false }),
      ],
      MONDAY_MORNING,
      BERLIN,
    );
    expect(policy.chromium.URLBlocklist).toEqual(['example.com']);
    expect(policy.rules.map((r) => [r.ruleId, r.status])).toEqual([
      ['a', 'enforced'],
      ['b', 'enforced'],
    ]);
  });
});

describe('schedules, in the unit time zone', () => {
  const workHours = { kind: 'window', days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' } as const;

  it('a rule in its window is enforced; outside it is left out of the policy and said so', () => {
    expect(one({ schedule: workHours }).chromium.URLBlocklist).toEqual(['example.com']);
    // 09:30 in Berlin is 03:30 in New York: before the window opens there.
    const early = urlPolicyOf([rule({ schedule: workHours })], MONDAY_MORNING, 'America/New_York');
    expect(early.chromium.URLBlocklist).toEqual([]);
    expect(early.rules).toEqual([{ ruleId: 'r1', pattern: 'example.com', status: 'outOfSchedule', reason: null }]);
  });

  it('opens at from and closes at to, on the days named', () => {
    const at = (iso: string) => scheduleOpen(workHours, new Date(iso), 'UTC');
    expect(at('2026-12-07T07:59:00Z')).toBe(false);
    expect(at('2026-12-07T08:00:00Z')).toBe(true);
    expect(at('2026-12-07T17:59:00Z')).toBe(true);
    expect(at('2026-12-07T18:00:00Z')).toBe(false);
    // Sunday.
    expect(at('2026-12-06T09:00:00Z')).toBe(false);
  });

  it('a window across midnight belongs to its start day', () => {
    const nights = { kind: 'window', days: [5], from: '22:00', to: '06:00' } as const;
    const at = (iso: string) => scheduleOpen(nights, new Date(iso), 'UTC');
    // Friday 23:00 and Saturday 05:00 are in Friday's window; Saturday 23:00 and Friday 05:00 are not.
    expect(at('2026-12-04T23:00:00Z')).toBe(true);
    expect(at('2026-12-05T05:00:00Z')).toBe(true);
    expect(at('2026-12-05T23:00:00Z')).toBe(false);
    expect(at('2026-12-04T05:00:00Z')).toBe(false);
  });

  it('from = to is the whole of each day named', () => {
    const allMonday = { kind: 'window', days: [1], from: '00:00', to: '00:00' } as const;
    expect(scheduleOpen(allMonday, new Date('2026-12-07T23:59:00Z'), 'UTC')).toBe(true);
    expect(scheduleOpen(allMonday, new Date('2026-12-08T00:00:00Z'), 'UTC')).toBe(false);
  });

  it('a not enforceable rule says so whether or not its window is open', () => {
    const closed = urlPolicyOf([rule({ matchType: 'regex', pattern: 'x', schedule: workHours })], MONDAY_MORNING, 'America/New_York');
    expect(closed.rules).toEqual([{ ruleId: 'r1', pattern: 'x', status: 'notEnforceable', reason: 'regex' }]);
  });
});
