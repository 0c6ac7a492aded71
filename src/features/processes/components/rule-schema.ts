import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { textField, type TextRule } from '@/lib/text-rules';
import type { ProcessRuleValues } from '../api/process-rule-types';

/** Text limits shown in the form and enforced by the server alike (PROCESS_RULE_TEXT_RULES there). */
export const PROCESS_RULE_TEXT_RULES = {
  pattern: { max: 100, required: true },
  comment: { max: 200, multiline: true },
} satisfies Record<string, TextRule>;

/** The same rules the server applies; the codes are the server's, so both translate alike. */
export const processRuleSchema = z.object({
  pattern: textField(PROCESS_RULE_TEXT_RULES.pattern).pipe(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 ._+()\-*]+$/, 'invalidCharacters')
      .refine((p) => p.replace(/\*/g, '').trim() !== '', 'tooBroad'),
  ),
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
