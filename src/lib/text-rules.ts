import { z } from 'zod';
import { normalizeText, textProblem, type TextRule } from '@machines/text/text-rules';

/**
 * The rule for every user-entered text field, the one the backend applies too (machines/text/text-rules.ts): NFC, no control characters (newline/tab only in multi-line fields),
 * no bidi override/isolate characters, at least one visible character, at most `max` characters (code
 * points) — refused, never cut. The forms use `textField()` in their zod schemas, so the translated error
 * (`text-input.<code>`) shows before anything is sent. The rule itself is pure code in machines/text/.
 */
export { normalizeText, textLength, textProblem, type TextRule } from '@machines/text/text-rules';

/** A zod string checked by the text rule; the issue message is the TextProblem code. */
export function textField(rule: TextRule) {
  return z.string().superRefine((raw, ctx) => {
    const problem = textProblem(normalizeText(raw), rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
