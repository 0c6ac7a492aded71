import type { RegexEngine } from '@machines/url-restrictions/url-matcher';
import { compileSafeRegex } from '../../core/safe-regex';

/**
 * The app's regular-expression engine for URL rules: the shared RE2 rule (core/safe-regex.ts), so no
 * stored rule can freeze "Test a URL". machines/ imports only xstate, so the URL matcher receives this
 * engine from the app.
 */

/** RE2 for the URL matcher: a refused pattern takes no part (the tester shows it as an unusable rule). */
export const re2Engine: RegexEngine = {
  compile(pattern) {
    const result = compileSafeRegex(pattern);
    return 'test' in result ? result.test : null;
  },
};
