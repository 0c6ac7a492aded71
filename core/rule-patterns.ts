import type { UrlMatchType } from '../machines/domain/types';
import type { TextRule } from '../machines/text/text-rules';
import { compileSafeRegex } from './safe-regex';

/**
 * The patterns of URL rules and process rules: their text limits and their syntax, one rule for the form that checks
 * before sending (src/features/…/schema.ts) and the backend that refuses at save (mirage/domains/…). The codes
 * translate as url-restrictions.errors.<code> and processes.ruleErrors.<code>. The shared text rule
 * (machines/text/text-rules.ts: control, bidi and invisible characters, length) runs first, then these.
 */

export const URL_RULE_TEXT_RULES = {
  pattern: { max: 500, required: true },
  reason: { max: 200 },
} satisfies Record<string, TextRule>;

export const PROCESS_RULE_TEXT_RULES = {
  pattern: { max: 100, required: true },
  comment: { max: 200, multiline: true },
} satisfies Record<string, TextRule>;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** A schedule's "HH:MM". */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The pattern as it is stored: a domain in lower case without its final dot. */
export function normalizeUrlPattern(matchType: UrlMatchType, pattern: string): string {
  return matchType === 'domain' ? pattern.toLowerCase().replace(/\.$/, '') : pattern;
}

/** Why a URL rule's pattern (normalized, past the text rule) is not valid for its match type, or null. */
export function urlPatternProblem(matchType: UrlMatchType, pattern: string): string | null {
  switch (matchType) {
    case 'domain':
      return DOMAIN.test(pattern) ? null : 'invalidDomain';
    case 'exact': {
      if (/\s/.test(pattern)) return 'invalidUrl';
      const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(pattern);
      if (hasScheme && !/^https?:\/\//i.test(pattern)) return 'invalidUrl';
      try {
        const url = new URL(hasScheme ? pattern : `http://${pattern}`);
        return DOMAIN.test(url.hostname) || url.hostname === 'localhost' || IPV4.test(url.hostname) ? null : 'invalidUrl';
      } catch {
        return 'invalidUrl';
      }
    }
    case 'wildcard':
      // Matched by a linear glob (machines/url-restrictions/url-matcher.ts), so any number of `*` is safe.
      return /\s/.test(pattern) ? 'invalidWildcard' : null;
    case 'regex': {
      // Only what RE2 runs in linear time is stored: no backreferences or lookaround, no huge programs.
      const compiled = compileSafeRegex(pattern);
      return 'problem' in compiled ? compiled.problem : null;
    }
  }
}

const PROCESS_PATTERN_SHAPE = /^[A-Za-z0-9 ._+()\-*]+$/;

/** Why a process rule's pattern (past the text rule) is refused, or null: a glob over executable names. */
export function processPatternProblem(pattern: string): string | null {
  if (!PROCESS_PATTERN_SHAPE.test(pattern)) return 'invalidCharacters';
  if (pattern.replace(/\*/g, '').trim() === '') return 'tooBroad';
  return null;
}
