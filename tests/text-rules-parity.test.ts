import { describe, expect, it } from 'vitest';
import * as server from '@mirage/text-rules';
import * as serverRegex from '@mirage/safe-regex';
import * as client from '@/lib/text-rules';
import * as clientRegex from '@/lib/regex-engine';
import { normalizeText, textProblem, type TextRule } from '@/lib/text-rules';

const NAME: TextRule = { max: 80, required: true };
const NOTES: TextRule = { max: 500, multiline: true };

// The rule of every user-entered text field (issue 8, "odd text"), as the form and the server apply it.
const cases: [string, string, TextRule, string | null][] = [
  ['a plain name', 'Lisbon Kiosk 01', NAME, null],
  ['empty, required', '', NAME, 'required'],
  ['spaces only, required', '   ', NAME, 'required'],
  ['empty, optional', '', NOTES, null],
  ['a NUL byte', 'Kiosk\u0000 01', NAME, 'controlCharacter'],
  ['ESC', 'Kiosk \u001B[31m', NAME, 'controlCharacter'],
  ['a C1 control (U+0085)', 'Kiosk\u0085', NAME, 'controlCharacter'],
  ['DEL', 'Kiosk\u007F', NAME, 'controlCharacter'],
  ['a newline in a one-line field', 'Kiosk\n01', NAME, 'controlCharacter'],
  ['a tab in a one-line field', 'Kiosk\t01', NAME, 'controlCharacter'],
  ['newline and tab in a multi-line field', 'Line one\n\tLine two', NOTES, null],
  ['NUL in a multi-line field', 'Line\u0000', NOTES, 'controlCharacter'],
  ['right-to-left override (U+202E)', 'invoice\u202Egnp.exe', NAME, 'bidiControl'],
  ['left-to-right embedding (U+202A)', '\u202Aname', NAME, 'bidiControl'],
  ['first strong isolate (U+2068)', 'a\u2068b\u2069', NAME, 'bidiControl'],
  ['zero-width spaces only', '\u200B\u200B\u200B', NAME, 'invisible'],
  ['zero-width joiner and BOM only', '\u200D\uFEFF', NOTES, 'invisible'],
  ['Hangul filler only', '\u3164', NAME, 'invisible'],
  ['no-break spaces only', '\u00A0\u00A0', NAME, 'required'],
  ['80 characters', 'x'.repeat(80), NAME, null],
  ['81 characters', 'x'.repeat(81), NAME, 'tooLong'],
  ['10,000 characters', 'x'.repeat(10_000), NAME, 'tooLong'],
  ['80 emoji count as 80 characters', '🙂'.repeat(80), NAME, null],
  ['Arabic and Hebrew text (no override characters)', 'مرحبا שלום', NAME, null],
  ['an emoji with a zero-width joiner', '👩\u200D💻 Dev', NAME, null],
  ['a letter with a combining accent', 'Cafe\u0301', NAME, null],
];

describe('text rule', () => {
  it.each(cases)('%s', (_name, raw, rule, expected) => {
    expect(textProblem(normalizeText(raw), rule)).toBe(expected);
  });

  it('normalises to NFC, unifies line ends and trims, so one name has one spelling', () => {
    expect(normalizeText('  Cafe\u0301 ')).toBe('Caf\u00E9');
    expect(normalizeText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('the server (mirage/text-rules.ts) and the form (src/lib/text-rules.ts) decide every case alike', () => {
    for (const [name, raw, rule] of cases) {
      expect(server.readText(raw, rule), name).toEqual({
        value: client.normalizeText(raw),
        problem: client.textProblem(client.normalizeText(raw), rule),
      });
    }
  });

  it('the server and the app refuse the same regular expressions', () => {
    expect(serverRegex.MAX_REGEX_PROGRAM_SIZE).toBe(clientRegex.MAX_REGEX_PROGRAM_SIZE);
    for (const pattern of ['^https://a\\.example/', '(a)\\1', '(?=x)', '([a-z', '[a-z]{1000}', '(a+)+$']) {
      const s = serverRegex.compileSafeRegex(pattern);
      const c = clientRegex.compileSafeRegex(pattern);
      expect('problem' in s ? s.problem : 'ok', pattern).toBe('problem' in c ? c.problem : 'ok');
    }
  });
});
