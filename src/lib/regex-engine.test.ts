import { describe, expect, it } from 'vitest';
import type { UrlRestriction } from '@machines/domain/types';
import { decideUrl } from '@machines/url-restrictions/url-matcher';
import { re2Engine } from './regex-engine';

const rule = (pattern: string): UrlRestriction => ({
  id: 're',
  organizationId: '1',
  scope: { kind: 'all' },
  pattern,
  matchType: 'regex',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'u',
});
const monday = new Date(2026, 4, 4, 10, 30);

describe('RE2 engine for URL rules', () => {
  // RE2 guarantees time linear in the input; these would not finish with a backtracking RegExp
  // (90 s and more in the browser), so reaching the assertions at all is the proof.
  it('decides ^https://x\\.example/(a+)+$ on a 10 kB URL', () => {
    const pathological = rule('^https://x\\.example/(a+)+$');
    const miss = decideUrl([pathological], `https://x.example/${'a'.repeat(10_000)}!`, '1', monday, re2Engine);
    expect(miss).toMatchObject({ action: 'allow', reason: 'noMatchingRule', outcomes: [{ ruleId: 're', outcome: 'noMatch' }] });
    const hit = decideUrl([pathological], `https://x.example/${'a'.repeat(10_000)}`, '1', monday, re2Engine);
    expect(hit).toMatchObject({ action: 'block', reason: 'regexMatch' });
  });

  it('matches case-insensitively anywhere in the URL, like the rules always did', () => {
    expect(decideUrl([rule('casino')], 'https://www.CASINO.example/', '1', monday, re2Engine).reason).toBe('regexMatch');
  });

  it.each([
    ['(a)\\1', 'unsupportedRegex'],
    ['^(?=.*admin)', 'unsupportedRegex'],
    ['(?<!x)y', 'unsupportedRegex'],
    ['([a-z', 'invalidRegex'],
    ['[a-z]{1000}', 'regexTooComplex'],
  ])('leaves out a stored rule that core/safe-regex.ts refuses: %s (%s)', (pattern) => {
    expect(decideUrl([rule(pattern)], 'https://example.com/', '1', monday, re2Engine).outcomes).toEqual([
      { ruleId: 're', outcome: 'invalidPattern' },
    ]);
  });
});
