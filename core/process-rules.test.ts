import { describe, expect, it } from 'vitest';
import { blockingRule, globMatches, hasBlockRule, type ProcessRuleLike } from './process-rules';

const rule = (id: string, pattern: string, action: 'allow' | 'block', enabled = true) => ({ id, pattern, action, enabled });

describe('globMatches', () => {
  it.each([
    ['chrome.exe', 'chrome.exe', true],
    ['CHROME.EXE', 'chrome.exe', true],
    ['chrome*', 'chrome_helper', true],
    ['*.exe', 'steam.exe', true],
    ['*.exe', 'steam.exe.bak', false],
    ['steam', 'steamwebhelper', false],
    ['*', '', true],
    ['a*b*c', 'a-x-b-y-c', true],
    ['a*b*c', 'a-x-c-y-b', false],
    ['', '', true],
    ['', 'x', false],
  ])('%s against %s is %s', (pattern, name, expected) => {
    expect(globMatches(pattern, name)).toBe(expected);
  });

  // A backtracking match would take longer than the age of the universe here: the test's timeout is the bound.
  it('is linear where a RegExp from the glob backtracks for seconds', () => {
    expect(globMatches('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(4000))).toBe(false);
  });
});

describe('blockingRule', () => {
  const rules = [
    rule('1', 'steam*', 'block'),
    rule('2', 'steamwebhelper', 'allow'),
    rule('3', '*.EXE', 'block', false),
    rule('4', 'game*', 'allow', false),
    rule('5', 'game*', 'block'),
  ];

  it('returns the enabled block rule that matches, the row itself', () => {
    expect(blockingRule(rules, 'Steam.exe')).toBe(rules[0]);
    expect(blockingRule(rules, 'game.exe')?.id).toBe('5');
  });

  it('lets an enabled allow rule win over every block rule', () => {
    expect(blockingRule(rules, 'steamwebhelper')).toBeUndefined();
    expect(blockingRule(rules, 'SteamWebHelper')).toBeUndefined();
  });

  it('ignores disabled rules, both ways', () => {
    // '*.EXE' (disabled) does not block; 'game*' allow (disabled) does not excuse.
    expect(blockingRule(rules, 'notepad.exe')).toBeUndefined();
    expect(blockingRule(rules, 'gamescope')?.id).toBe('5');
  });

  it('takes any {pattern, action, enabled} list, and nothing blocks with none', () => {
    const bare: ProcessRuleLike[] = [{ pattern: 'x', action: 'block', enabled: true }];
    expect(blockingRule(bare, 'X')).toBe(bare[0]);
    expect(blockingRule([], 'x')).toBeUndefined();
    expect(hasBlockRule(bare)).toBe(true);
    expect(hasBlockRule(rules.filter((r) => r.action === 'allow'))).toBe(false);
    expect(hasBlockRule([rule('3', '*.exe', 'block', false)])).toBe(false);
  });
});
