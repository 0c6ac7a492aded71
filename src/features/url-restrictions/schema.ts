import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { normalizeUrlPattern, TIME_OF_DAY, URL_RULE_TEXT_RULES, urlPatternProblem } from '../../../core/rule-patterns';
import { normalizeText, textField, textProblem } from '@/lib/text-rules';
import type { RuleFormValues } from './api/types';

export { URL_RULE_TEXT_RULES as RULE_TEXT_RULES } from '../../../core/rule-patterns';

/** The backend's check (core/rule-patterns.ts) on what the backend stores: the text rule, then the type's syntax. */
export function patternProblem(matchType: RuleFormValues['matchType'], raw: string): string | null {
  const pattern = normalizeUrlPattern(matchType, normalizeText(raw));
  return textProblem(pattern, URL_RULE_TEXT_RULES.pattern) ?? urlPatternProblem(matchType, pattern);
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
    reason: textField(URL_RULE_TEXT_RULES.reason),
  })
  .superRefine((v, ctx) => {
    const problem = patternProblem(v.matchType, v.pattern);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
    if (v.scopeKind === 'units' && v.unitIds.length === 0) ctx.addIssue({ code: 'custom', path: ['unitIds'], message: 'required' });
    if (v.scheduleKind === 'window') {
      if (v.days.length === 0) ctx.addIssue({ code: 'custom', path: ['days'], message: 'required' });
      if (!TIME_OF_DAY.test(v.from)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'invalidTime' });
      if (!TIME_OF_DAY.test(v.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalidTime' });
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
