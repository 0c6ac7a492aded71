import { describe, expect, it } from 'vitest';
import { formatMailTime } from './format-mail-time';
import { snippetOf } from './snippet';

describe('snippetOf', () => {
  it('keeps words of separate paragraphs apart and drops markup', () => {
    expect(snippetOf('<p>Hi,</p><p>The <b>report</b><br>is late.</p>')).toBe('Hi, The report is late.');
    expect(snippetOf('<script>alert(1)</script><p>ok</p>')).toBe('ok');
    expect(snippetOf('<p>abcdef</p>', 3)).toBe('abc');
  });
});

describe('formatMailTime', () => {
  const now = new Date(2026, 10, 21, 18, 0);
  it('shows the clock time today, the day this year, the full date before', () => {
    expect(formatMailTime(new Date(2026, 10, 21, 9, 5).toISOString(), 'en', now)).toBe('9:05 AM');
    expect(formatMailTime(new Date(2026, 10, 21, 9, 5).toISOString(), 'de', now)).toBe('09:05');
    expect(formatMailTime(new Date(2026, 10, 14, 9, 5).toISOString(), 'en', now)).toBe('Nov 14');
    expect(formatMailTime(new Date(2025, 0, 3).toISOString(), 'en', now)).toBe('Jan 3, 2025');
    expect(formatMailTime('not a date', 'en', now)).toBe('');
  });
});
