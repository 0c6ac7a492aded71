import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { normalizeText, textField, textProblem } from '@/lib/text-rules';
import { PROCESS_RULE_TEXT_RULES, processPatternProblem } from '../../../../core/rule-patterns';
import type { ProcessRuleValues } from '../api/process-rule-types';

export { PROCESS_RULE_TEXT_RULES } from '../../../../core/rule-patterns';

/** The backend's checks (core/rule-patterns.ts); the codes are the backend's, so both translate alike. */
export const processRuleSchema = z.object({
  pattern: textField(PROCESS_RULE_TEXT_RULES.pattern).superRefine((raw, ctx) => {
    const pattern = normalizeText(raw);
    // The text rule's own issue (blank, too long) is enough: no syntax complaint about an empty pattern.
    if (textProblem(pattern, PROCESS_RULE_TEXT_RULES.pattern)) return;
    const problem = processPatternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  action: z.enum(['allow', 'block'], { message: 'invalidAction' }),
  enabled: z.boolean(),
  comment: textField(PROCESS_RULE_TEXT_RULES.comment),
});

export function validateProcessRule(values: ProcessRuleValues): FieldErrors {
  const result = processRuleSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
