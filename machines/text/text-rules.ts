/**
 * The one rule for every user-entered text field (names, titles, hostnames, tags, notes, subjects…).
 * The backend applies it before it stores anything (mirage/domains, through `readText`); the forms' zod
 * schemas (src/lib/text-rules.ts re-exports it) and machines that validate drafts (machines/todo) apply the
 * same rule, so the error shows before sending. It is pure code with no import, so mirage/ may import it
 * (eslint.config.js allows this file by name).
 *
 * - Text is normalised: Unicode NFC (so "é" typed two ways is one name), line ends to \n, trimmed.
 * - Refused: C0/C1 control characters (NUL, ESC, DEL…; newline and tab only in multi-line fields),
 *   bidi embedding/override/isolate characters (U+202A–U+202E, U+2066–U+2069: "…\u202Egnp.exe" would show as "exe.png"),
 *   and text with no visible character (only spaces, zero-width or other invisible characters).
 * - Length is counted in characters (code points) and over-long text is refused, never cut.
 */

export type TextProblem = 'required' | 'tooLong' | 'controlCharacter' | 'bidiControl' | 'invisible';

export interface TextRule {
  /** Most characters allowed (code points, after normalising). */
  max: number;
  required?: boolean;
  /** Newlines and tabs allowed (descriptions, notes, message bodies). */
  multiline?: boolean;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** A character that shows something: not white space, not a format/zero-width character, not a filler. */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Cc}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** NFC, \r\n and \r as \n, trimmed. */
export function normalizeText(raw: string): string {
  return raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/** Characters as a person counts them (code points): the unit of every length limit. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** What is wrong with an already normalised text, or null. Empty optional text is fine. */
export function textProblem(text: string, rule: TextRule): TextProblem | null {
  if (text === '') return rule.required ? 'required' : null;
  if ((rule.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(text)) return 'controlCharacter';
  if (BIDI_CONTROL.test(text)) return 'bidiControl';
  if (!VISIBLE.test(text)) return 'invisible';
  if (textLength(text) > rule.max) return 'tooLong';
  return null;
}

/** Reads a body field: a non-string counts as empty. Returns the normalised value and its problem. */
export function readText(raw: unknown, rule: TextRule): { value: string; problem: TextProblem | null } {
  const value = typeof raw === 'string' ? normalizeText(raw) : '';
  return { value, problem: textProblem(value, rule) };
}

/** An English sentence for a field's problem, for APIs that answer with a message as well as codes. */
export function textMessage(field: string, problem: TextProblem, max: number): string {
  switch (problem) {
    case 'required':
      return `${field} is required`;
    case 'tooLong':
      return `${field} must be at most ${max} characters`;
    case 'controlCharacter':
      return `${field} contains a control character (such as NUL)`;
    case 'bidiControl':
      return `${field} contains a text-direction override character (U+202A–U+202E, U+2066–U+2069)`;
    case 'invisible':
      return `${field} must contain visible characters`;
  }
}
