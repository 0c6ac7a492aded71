import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor-machine';
import type { ProcessRuleValues } from '../api/process-rule-types';

/** The same rules the server applies; the codes are the server's, so both translate alike. */
export const processRuleSchema = z.object({
  pattern: z
    .string()
    .trim()
    .min(1, 'required')
    .max(100, 'tooLong')
    .regex(/^[A-Za-z0-9 ._+()\-*]+$/, 'invalidCharacters')
    .refine((p) => p.replace(/\*/g, '').trim() !== '', 'tooBroad'),
  action: z.enum(['allow', 'block'], { message: 'invalidAction' }),
  enabled: z.boolean(),
  comment: z.string().trim().max(200, 'tooLong'),
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
