import { describe, expect, it } from 'vitest';
import { normalizeUrlPattern, processPatternProblem, urlPatternProblem } from './rule-patterns';

describe('URL rule patterns', () => {
  it.each([
    ['domain', 'Example.COM.', null],
    ['domain', 'intranet', 'invalidDomain'],
    ['domain', 'exa mple.com', 'invalidDomain'],
    ['exact', 'https://example.com/a?b=c', null],
    ['exact', 'example.com/path', null],
    ['exact', 'http://10.0.0.1/', null],
    ['exact', 'ftp://example.com/', 'invalidUrl'],
    ['exact', 'https://exa mple.com/', 'invalidUrl'],
    ['wildcard', '*.example.*/login*', null],
    ['wildcard', '*.example .com', 'invalidWildcard'],
    ['regex', '^https://(www\\.)?example\\.com/', null],
    ['regex', '(a)\\1', 'unsupportedRegex'],
    ['regex', '(', 'invalidRegex'],
  ] as const)('%s %s → %s', (matchType, pattern, problem) => {
    expect(urlPatternProblem(matchType, normalizeUrlPattern(matchType, pattern))).toBe(problem);
  });

  it('stores a domain in lower case without its final dot, and other patterns as typed', () => {
    expect(normalizeUrlPattern('domain', 'Example.COM.')).toBe('example.com');
    expect(normalizeUrlPattern('exact', 'https://Example.com/A')).toBe('https://Example.com/A');
  });
});

describe('process rule patterns', () => {
  it.each([
    ['chrome.exe', null],
    ['Google Chrome', null],
    ['java*', null],
    ['*', 'tooBroad'],
    ['* *', 'tooBroad'],
    ['a\\b', 'invalidCharacters'],
    ['rm; reboot', 'invalidCharacters'],
  ] as const)('%s → %s', (pattern, problem) => {
    expect(processPatternProblem(pattern)).toBe(problem);
  });
});
