import { describe, expect, it } from 'vitest';
import type { UrlRestriction } from '../domain/types';
import {
  decideUrl,
  globMatch,
  isScheduleActive,
  NO_REGEX_ENGINE,
  parseUrl,
  patternMatches,
  whatwgPreprocess,
  type RegexEngine,
  type WorkMeter,
} from './url-matcher';

// machines/ imports only xstate, so these precedence tests give the matcher JavaScript's RegExp; the app
// and the backend inject RE2 (src/lib/regex-engine.ts, tested on pathological patterns there).
const jsEngine: RegexEngine = {
  compile(pattern) {
    try {
      const re = new RegExp(pattern, 'i');
      return (text) => re.test(text);
    } catch {
      return null;
    }
  },
};

let seq = 0;
function rule(partial: Partial<UrlRestriction> & Pick<UrlRestriction, 'pattern' | 'matchType' | 'action'>): UrlRestriction {
  seq += 1;
  return {
    id: partial.id ?? `r${seq}`,
    organizationId: '1',
    scope: { kind: 'all' },
    enabled: true,
    schedule: { kind: 'always' },
    reason: '',
    createdAt: `2026-01-01T00:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 'test',
    ...partial,
  };
}

// Monday 4 May 2026, 10:30 local time
const monday1030 = new Date(2026, 4, 4, 10, 30);

describe('URL precedence table', () => {
  const cases: {
    name: string;
    rules: UrlRestriction[];
    url: string;
    unit?: string | null;
    at?: Date;
    expect: { action: 'allow' | 'block'; ruleId: string | null; reason: string; blockWonTie?: boolean };
  }[] = [
    {
      name: 'no rule → allowed by default',
      rules: [rule({ id: 'a', pattern: 'other.com', matchType: 'domain', action: 'block' })],
      url: 'https://example.com/',
      expect: { action: 'allow', ruleId: null, reason: 'noMatchingRule' },
    },
    {
      name: 'exact beats domain',
      rules: [
        rule({ id: 'dom', pattern: 'example.com', matchType: 'domain', action: 'block' }),
        rule({ id: 'ex', pattern: 'https://example.com/help', matchType: 'exact', action: 'allow' }),
      ],
      url: 'https://example.com/help',
      expect: { action: 'allow', ruleId: 'ex', reason: 'exactMatch' },
    },
    {
      name: 'a longer domain beats a shorter one',
      rules: [
        rule({ id: 'short', pattern: 'example.com', matchType: 'domain', action: 'block' }),
        rule({ id: 'long', pattern: 'mail.example.com', matchType: 'domain', action: 'allow' }),
      ],
      url: 'https://mail.example.com/inbox',
      expect: { action: 'allow', ruleId: 'long', reason: 'domainMatch' },
    },
    {
      name: 'the shorter domain still decides its other subdomains',
      rules: [
        rule({ id: 'short', pattern: 'example.com', matchType: 'domain', action: 'block' }),
        rule({ id: 'long', pattern: 'mail.example.com', matchType: 'domain', action: 'allow' }),
      ],
      url: 'https://www.example.com/',
      expect: { action: 'block', ruleId: 'short', reason: 'domainMatch' },
    },
    {
      name: 'domain beats wildcard',
      rules: [
        rule({ id: 'wild', pattern: '*example.com/*', matchType: 'wildcard', action: 'block' }),
        rule({ id: 'dom', pattern: 'example.com', matchType: 'domain', action: 'allow' }),
      ],
      url: 'http://example.com/a',
      expect: { action: 'allow', ruleId: 'dom', reason: 'domainMatch' },
    },
    {
      name: 'domain beats regex',
      rules: [
        rule({ id: 're', pattern: 'example\\.com', matchType: 'regex', action: 'allow' }),
        rule({ id: 'dom', pattern: 'example.com', matchType: 'domain', action: 'block' }),
      ],
      url: 'http://example.com/',
      expect: { action: 'block', ruleId: 'dom', reason: 'domainMatch' },
    },
    {
      name: 'block wins a tie (same domain, both actions)',
      rules: [
        rule({ id: 'allow', pattern: 'example.com', matchType: 'domain', action: 'allow' }),
        rule({ id: 'block', pattern: 'example.com', matchType: 'domain', action: 'block' }),
      ],
      url: 'https://example.com/',
      expect: { action: 'block', ruleId: 'block', reason: 'domainMatch', blockWonTie: true },
    },
    {
      name: 'block wins a tie between wildcard and regex (same rank)',
      rules: [
        rule({ id: 're', pattern: '^https://shop\\.', matchType: 'regex', action: 'allow' }),
        rule({ id: 'wild', pattern: '*', matchType: 'wildcard', action: 'block' }),
      ],
      url: 'https://shop.example.com/',
      expect: { action: 'block', ruleId: 'wild', reason: 'wildcardMatch', blockWonTie: true },
    },
    {
      name: 'a wildcard with more literal text beats a vaguer one',
      rules: [
        rule({ id: 'vague', pattern: '*.example.com/*', matchType: 'wildcard', action: 'block' }),
        rule({ id: 'precise', pattern: '*.example.com/docs/*', matchType: 'wildcard', action: 'allow' }),
      ],
      url: 'https://www.example.com/docs/intro',
      expect: { action: 'allow', ruleId: 'precise', reason: 'wildcardMatch' },
    },
    {
      name: 'a disabled rule is skipped',
      rules: [
        rule({ id: 'off', pattern: 'https://example.com/', matchType: 'exact', action: 'allow', enabled: false }),
        rule({ id: 'dom', pattern: 'example.com', matchType: 'domain', action: 'block' }),
      ],
      url: 'https://example.com/',
      expect: { action: 'block', ruleId: 'dom', reason: 'domainMatch' },
    },
    {
      name: 'a rule out of its schedule is skipped',
      rules: [
        rule({
          id: 'weekend',
          pattern: 'games.com',
          matchType: 'domain',
          action: 'block',
          schedule: { kind: 'window', days: [0, 6], from: '00:00', to: '23:59' },
        }),
      ],
      url: 'games.com',
      at: monday1030,
      expect: { action: 'allow', ruleId: null, reason: 'noMatchingRule' },
    },
    {
      name: 'a rule inside its schedule applies',
      rules: [
        rule({
          id: 'office',
          pattern: 'games.com',
          matchType: 'domain',
          action: 'block',
          schedule: { kind: 'window', days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' },
        }),
      ],
      url: 'games.com',
      at: monday1030,
      expect: { action: 'block', ruleId: 'office', reason: 'domainMatch' },
    },
    {
      name: 'a rule scoped to other units is skipped',
      rules: [
        rule({ id: 'scoped', pattern: 'example.com', matchType: 'domain', action: 'block', scope: { kind: 'units', unitIds: ['7'] } }),
      ],
      url: 'example.com',
      unit: '8',
      expect: { action: 'allow', ruleId: null, reason: 'noMatchingRule' },
    },
    {
      name: 'a rule scoped to the unit applies',
      rules: [
        rule({ id: 'scoped', pattern: 'example.com', matchType: 'domain', action: 'block', scope: { kind: 'units', unitIds: ['7'] } }),
      ],
      url: 'example.com',
      unit: '7',
      expect: { action: 'block', ruleId: 'scoped', reason: 'domainMatch' },
    },
    {
      name: 'no unit chosen: only "all units" rules apply',
      rules: [
        rule({ id: 'scoped', pattern: 'example.com', matchType: 'domain', action: 'block', scope: { kind: 'units', unitIds: ['7'] } }),
      ],
      url: 'example.com',
      unit: null,
      expect: { action: 'allow', ruleId: null, reason: 'noMatchingRule' },
    },
    {
      name: 'an invalid regex never matches (and does not throw)',
      rules: [rule({ id: 'bad', pattern: '(', matchType: 'regex', action: 'block' })],
      url: 'example.com',
      expect: { action: 'allow', ruleId: null, reason: 'noMatchingRule' },
    },
    {
      name: 'not a URL',
      rules: [rule({ id: 'any', pattern: '*', matchType: 'wildcard', action: 'block' })],
      url: 'not a url',
      expect: { action: 'allow', ruleId: null, reason: 'invalidUrl' },
    },
  ];

  it.each(cases)('$name', (c) => {
    const decision = decideUrl(c.rules, c.url, c.unit === undefined ? '1' : c.unit, c.at ?? monday1030, jsEngine);
    expect({ action: decision.action, ruleId: decision.rule?.id ?? null, reason: decision.reason }).toEqual({
      action: c.expect.action,
      ruleId: c.expect.ruleId,
      reason: c.expect.reason,
    });
    expect(decision.blockWonTie).toBe(c.expect.blockWonTie ?? false);
  });

  it('reports why each rule did or did not take part', () => {
    const rules = [
      rule({ id: 'off', pattern: 'example.com', matchType: 'domain', action: 'block', enabled: false }),
      rule({ id: 'miss', pattern: 'other.com', matchType: 'domain', action: 'block' }),
      rule({ id: 'scope', pattern: 'example.com', matchType: 'domain', action: 'block', scope: { kind: 'units', unitIds: ['9'] } }),
      rule({ id: 'hit', pattern: 'example.com', matchType: 'domain', action: 'allow' }),
    ];
    expect(decideUrl(rules, 'example.com', '1', monday1030).outcomes).toEqual([
      { ruleId: 'off', outcome: 'disabled' },
      { ruleId: 'miss', outcome: 'noMatch' },
      { ruleId: 'scope', outcome: 'outOfScope' },
      { ruleId: 'hit', outcome: 'matched' },
    ]);
  });
});

describe('URLs are read as the URL standard reads them (tab, CR, LF stripped; C0 and spaces trimmed)', () => {
  it.each([
    ['http://ev\til.example/', 'evil.example'],
    ['http://evil.ex\r\nample/path', 'evil.example'],
    ['\u0000\u001f http://evil.example/ \u0007', 'evil.example'],
    ['\tevil.example', 'evil.example'],
  ])('%j is %s, as a browser loads it', (raw, host) => {
    expect(parseUrl(raw)?.host).toBe(host);
  });

  it('a block rule for the domain decides a URL with a tab in the host', () => {
    const rules = [rule({ id: 'evil', pattern: 'evil.example', matchType: 'domain', action: 'block' })];
    const decision = decideUrl(rules, 'http://ev\til.example/', '1', monday1030, jsEngine);
    expect({ action: decision.action, ruleId: decision.rule?.id, reason: decision.reason }).toEqual({
      action: 'block',
      ruleId: 'evil',
      reason: 'domainMatch',
    });
  });

  it('keeps what the standard keeps: a space or a control character other than tab, CR, LF inside is not stripped', () => {
    expect(whatwgPreprocess(' a\tb\u0001c ')).toBe('ab\u0001c');
    expect(parseUrl('http://ev il.example/')).toBeNull();
  });
});

describe('pattern matching per type', () => {
  const url = (s: string) => {
    const parsed = parseUrl(s);
    if (!parsed) throw new Error(`bad url ${s}`);
    return parsed;
  };
  it.each<[Parameters<typeof patternMatches>[0], string, string, boolean]>([
    ['domain', 'example.com', 'https://example.com/x', true],
    ['domain', 'example.com', 'https://a.b.example.com/', true],
    ['domain', 'example.com', 'https://badexample.com/', false],
    ['domain', 'Example.COM', 'http://EXAMPLE.com', true],
    ['exact', 'https://example.com/a?b=1', 'https://example.com/a?b=1#frag', true],
    ['exact', 'https://example.com/a', 'http://example.com/a', false],
    ['exact', 'example.com/a', 'https://example.com/a', true],
    ['exact', 'https://example.com', 'https://example.com/', true],
    ['wildcard', '*.example.com/*', 'https://www.example.com/page', true],
    ['wildcard', '*.example.com/*', 'https://example.org/page', false],
    ['wildcard', 'https://*.example.com/*', 'http://www.example.com/page', false],
    ['regex', '^https://.*\\.gov/', 'https://data.gov/x', true],
    ['regex', '^https://.*\\.gov/', 'http://data.gov/x', false],
  ])('%s %s vs %s → %s', (type, pattern, u, expected) => {
    expect(patternMatches(type, pattern, url(u), jsEngine)).toBe(expected);
  });
});

describe('regex rules without an engine', () => {
  it('take no part (invalidPattern) instead of running a backtracking RegExp', () => {
    const rules = [rule({ id: 're', pattern: '^https://x\\.example/(a+)+$', matchType: 'regex', action: 'block' })];
    const decision = decideUrl(rules, `https://x.example/${'a'.repeat(10_000)}!`, '1', monday1030, NO_REGEX_ENGINE);
    expect(decision.outcomes).toEqual([{ ruleId: 're', outcome: 'invalidPattern' }]);
    expect(decision.action).toBe('allow');
  });
});

describe('wildcards match in bounded work (no exponential backtracking)', () => {
  const pathological = '*a*a*a*a*a*a*a*a*a*a*b';
  it.each([
    ['*', '', true],
    ['*', 'anything', true],
    ['a*c', 'abc', true],
    ['a*c', 'abcd', false],
    ['*.torrent*', 'tracker.example/x.torrent?y', true],
    ['*/downloads/*.exe', 'example.com/downloads/setup.exe', true],
    ['*/downloads/*.exe', 'example.com/downloads/setup.exe.txt', false],
    ['a**b', 'ab', true],
    ['', '', true],
    ['', 'a', false],
  ])('%s vs %s → %s', (pattern, text, expected) => {
    expect(globMatch(pattern, text)).toBe(expected);
  });

  it(`${pathological} against a 10 kB URL finishes within |pattern| × |text| steps`, () => {
    const text = `x.example/${'a'.repeat(10_000)}`;
    const meter: WorkMeter = { steps: 0 };
    expect(globMatch(pathological, text, meter)).toBe(false);
    // A backtracking RegExp needs on the order of n^10 steps here; the glob stays within the product.
    expect(meter.steps).toBeLessThanOrEqual(pathological.length * text.length);
    const hit: WorkMeter = { steps: 0 };
    expect(globMatch(pathological, `${text}b`, hit)).toBe(true);
    expect(hit.steps).toBeLessThanOrEqual(pathological.length * (text.length + 1));
  });

  it('decides a URL against the pathological wildcard rule, reporting the block', () => {
    const rules = [rule({ id: 'w', pattern: pathological, matchType: 'wildcard', action: 'block' })];
    expect(decideUrl(rules, `https://x.example/${'a'.repeat(10_000)}b`, '1', monday1030).rule?.id).toBe('w');
    expect(decideUrl(rules, `https://x.example/${'a'.repeat(10_000)}`, '1', monday1030).reason).toBe('noMatchingRule');
  });
});

describe('schedules', () => {
  const window = (days: (0 | 1 | 2 | 3 | 4 | 5 | 6)[], from: string, to: string) => ({ kind: 'window' as const, days, from, to });
  it('is active inside the window on a listed day, not at its end', () => {
    expect(isScheduleActive(window([1], '09:00', '17:00'), new Date(2026, 4, 4, 9, 0))).toBe(true);
    expect(isScheduleActive(window([1], '09:00', '17:00'), new Date(2026, 4, 4, 17, 0))).toBe(false);
    expect(isScheduleActive(window([2], '09:00', '17:00'), new Date(2026, 4, 4, 10, 0))).toBe(false);
  });
  it('a window across midnight belongs to its start day', () => {
    const nights = window([1], '22:00', '06:00'); // Monday night
    expect(isScheduleActive(nights, new Date(2026, 4, 4, 23, 0))).toBe(true); // Mon 23:00
    expect(isScheduleActive(nights, new Date(2026, 4, 5, 5, 59))).toBe(true); // Tue 05:59
    expect(isScheduleActive(nights, new Date(2026, 4, 5, 23, 0))).toBe(false); // Tue 23:00
  });
});
