/**
 * Not a rule: the text rule lives once, in machines/text/text-rules.ts, which mirage/ imports directly.
 * This re-export serves only mirage/domains/auth.ts until its import names that file; then delete this one.
 */
export { readText, textMessage, type TextRule } from '../machines/text/text-rules';
