import { describe, expect, it } from 'vitest';
import { normalizeText, readText, textLength, textMessage, textProblem, type TextRule } from './text-rules';

const NAME: TextRule = { max: 80, required: true };
const NOTES: TextRule = { max: 500, multiline: true };

// The rule of every user-entered text field (issue 8, "odd text"), as the form and the backend apply it.
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

  it('counts characters as a person does (code points), not UTF-16 units', () => {
    expect(textLength('🙂🙂')).toBe(2);
  });

  it("reads a request body's field: normalised, and a non-string counts as empty", () => {
    expect(readText('  Cafe\u0301 ', NAME)).toEqual({ value: 'Caf\u00E9', problem: null });
    expect(readText(42, NAME)).toEqual({ value: '', problem: 'required' });
    expect(readText(undefined, NOTES)).toEqual({ value: '', problem: null });
    expect(readText('Kiosk\u0000', NAME)).toEqual({ value: 'Kiosk\u0000', problem: 'controlCharacter' });
  });

  it('names each problem in a sentence for APIs that answer with a message', () => {
    expect(textMessage('Name', 'required', 80)).toBe('Name is required');
    expect(textMessage('Name', 'tooLong', 80)).toBe('Name must be at most 80 characters');
    expect(textMessage('Name', 'invisible', 80)).toBe('Name must contain visible characters');
  });
});
