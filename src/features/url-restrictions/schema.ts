import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { compileSafeRegex } from '../../../core/safe-regex';
import { normalizeText, textField, textProblem, type TextRule } from '@/lib/text-rules';
import type { RuleFormValues } from './api/types';

// Mirrors the server's checks (mirage/domains/url-restrictions.ts); codes translate as url-restrictions.errors.<code>.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Text limits shown in the form and enforced by the server alike (RULE_TEXT_RULES there). */
export const RULE_TEXT_RULES = {
  pattern: { max: 500, required: true },
  reason: { max: 200 },
} satisfies Record<string, TextRule>;

export function patternProblem(matchType: RuleFormValues['matchType'], raw: string): string | null {
  const pattern = normalizeText(raw);
  const textIssue = textProblem(pattern, RULE_TEXT_RULES.pattern);
  if (textIssue) return textIssue;
  switch (matchType) {
    case 'domain':
      return DOMAIN.test(pattern) ? null : 'invalidDomain';
    case 'exact': {
      if (/\s/.test(pattern)) return 'invalidUrl';
      const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(pattern);
      if (hasScheme && !/^https?:\/\//i.test(pattern)) return 'invalidUrl';
      try {
        const url = new URL(hasScheme ? pattern : `http://${pattern}`);
        return DOMAIN.test(url.hostname) || url.hostname === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname)
          ? null
          : 'invalidUrl';
      } catch {
        return 'invalidUrl';
      }
    }
    case 'wildcard':
      return /\s/.test(pattern) ? 'invalidWildcard' : null;
    case 'regex': {
      const compiled = compileSafeRegex(pattern);
      return 'problem' in compiled ? compiled.problem : null;
    }
  }
}

const ruleSchema = z
  .object({
    pattern: z.string(),
    matchType: z.enum(['domain', 'exact', 'wildcard', 'regex'], { message: 'required' }),
    action: z.enum(['allow', 'block'], { message: 'required' }),
    enabled: z.boolean(),
    scopeKind: z.enum(['all', 'units']),
    unitIds: z.array(z.string()),
    scheduleKind: z.enum(['always', 'window']),
    days: z.array(z.string()),
    from: z.string(),
    to: z.string(),
    reason: textField(RULE_TEXT_RULES.reason),
  })
  .superRefine((v, ctx) => {
    const problem = patternProblem(v.matchType, v.pattern);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
    if (v.scopeKind === 'units' && v.unitIds.length === 0) ctx.addIssue({ code: 'custom', path: ['unitIds'], message: 'required' });
    if (v.scheduleKind === 'window') {
      if (v.days.length === 0) ctx.addIssue({ code: 'custom', path: ['days'], message: 'required' });
      if (!TIME.test(v.from)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'invalidTime' });
      if (!TIME.test(v.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalidTime' });
      else if (v.from === v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'sameTime' });
    }
  });

export function validateRule(values: RuleFormValues): FieldErrors {
  const result = ruleSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}
