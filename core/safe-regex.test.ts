import { describe, expect, it } from 'vitest';
import { compileSafeRegex, MAX_REGEX_PROGRAM_SIZE } from './safe-regex';

function compiled(pattern: string): (text: string) => boolean {
  const result = compileSafeRegex(pattern);
  if (!('test' in result)) throw new Error(`${pattern} was refused: ${result.problem}`);
  return result.test;
}

describe('compileSafeRegex (URL rules: backend at save, form before sending, URL tester)', () => {
  it.each([
    ['(a)\\1', 'unsupportedRegex'],
    ['(?=x)', 'unsupportedRegex'],
    ['^(?=.*admin)', 'unsupportedRegex'],
    ['(?<!x)y', 'unsupportedRegex'],
    ['([a-z', 'invalidRegex'],
    ['[a-z]{1000}', 'regexTooComplex'],
  ])('refuses %s as %s', (pattern, problem) => {
    expect(compileSafeRegex(pattern)).toEqual({ problem });
  });

  it('accepts the patterns RE2 runs in linear time, including ones that backtrack in JavaScript', () => {
    expect(compiled('^https://a\\.example/')('https://a.example/x')).toBe(true);
    // Would take minutes with a backtracking RegExp; reaching the assertion at all is the proof.
    expect(compiled('(a+)+$')(`${'a'.repeat(10_000)}!`)).toBe(false);
  });

  it('matches case-insensitively anywhere in the text', () => {
    expect(compiled('casino')('https://www.CASINO.example/')).toBe(true);
  });

  it('keeps the program-size limit above every seeded rule and below [a-z]{1000}', () => {
    expect(MAX_REGEX_PROGRAM_SIZE).toBe(600);
  });
});
