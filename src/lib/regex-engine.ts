import { RE2JS } from 're2js';
import type { RegexEngine } from '@machines/url-restrictions/url-matcher';

/**
 * The app's regular-expression engine for URL rules: RE2 (`re2js`), which matches in time linear in the
 * URL, so no stored rule can freeze "Test a URL" (a JavaScript RegExp backtracks exponentially on
 * `^https://x\.example/(a+)+$`). machines/ imports only xstate, so the URL matcher receives this engine
 * from the app. The embedded backend applies the same engine and limits when a rule is saved
 * (mirage/safe-regex.ts); tests/text-rules-parity.test.ts keeps the two equal.
 */

export const MAX_REGEX_PROGRAM_SIZE = 600;

export type RegexProblem = 'invalidRegex' | 'unsupportedRegex' | 'regexTooComplex';

export function compileSafeRegex(pattern: string): { test: (text: string) => boolean } | { problem: RegexProblem } {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    try {
      new RegExp(pattern);
      return { problem: 'unsupportedRegex' };
    } catch {
      return { problem: 'invalidRegex' };
    }
  }
  if (re.programSize() > MAX_REGEX_PROGRAM_SIZE) return { problem: 'regexTooComplex' };
  return { test: (text: string) => re.test(text) };
}

/** RE2 for the URL matcher: a refused pattern takes no part (the tester shows it as an unusable rule). */
export const re2Engine: RegexEngine = {
  compile(pattern) {
    const result = compileSafeRegex(pattern);
    return 'test' in result ? result.test : null;
  },
};
