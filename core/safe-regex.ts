import { RE2JS } from 're2js';

/**
 * Regular expressions for URL rules, compiled by RE2 (`re2js`): matching takes time linear in the URL,
 * whatever the pattern (a JavaScript RegExp backtracks exponentially on `^https://x\.example/(a+)+$`).
 * What RE2 cannot run (backreferences, lookaround) is refused, and so is a pattern whose compiled program
 * is too large to run on every test of a URL. The backend refuses such a rule at save
 * (mirage/domains/url-restrictions.ts), the form before sending (src/features/url-restrictions/schema.ts),
 * and the app's URL tester compiles stored rules with it (src/lib/regex-engine.ts).
 */

/** RE2's approximate cost of a pattern; the seed's rules are below 100, `[a-z]{1000}` is about 1000. */
export const MAX_REGEX_PROGRAM_SIZE = 600;

export type RegexProblem = 'invalidRegex' | 'unsupportedRegex' | 'regexTooComplex';

export function compileSafeRegex(pattern: string): { test: (text: string) => boolean } | { problem: RegexProblem } {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    // JavaScript understands it but RE2 does not: backreferences, lookahead/lookbehind and the like.
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
