import { describe, expect, it } from 'vitest';
import { compactRelativeText } from './relative-time';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('compactRelativeText', () => {
  it('gives the short relative time a narrow column fits, in each language', () => {
    expect(compactRelativeText(ago(5 * SECOND), 'en', NOW)).toBe('5 sec. ago');
    expect(compactRelativeText(ago(5 * SECOND), 'pt', NOW)).toBe('há 5 seg.');
    expect(compactRelativeText(ago(3 * MINUTE), 'de', NOW)).toBe('vor 3 Min.');
    // French puts a no-break space before the unit.
    expect(compactRelativeText(ago(2 * HOUR), 'fr', NOW).replace(/\s/g, ' ')).toBe('il y a 2 h');
    expect(compactRelativeText(ago(12 * DAY), 'en', NOW)).toBe('12 days ago');
    expect(compactRelativeText(ago(61 * DAY), 'pt', NOW)).toBe('há 2 meses');
  });

  it('moves to the next unit at the unit’s size', () => {
    expect(compactRelativeText(ago(59 * SECOND), 'en', NOW)).toBe('59 sec. ago');
    expect(compactRelativeText(ago(60 * SECOND), 'en', NOW)).toBe('1 min. ago');
    expect(compactRelativeText(ago(23 * HOUR), 'en', NOW)).toBe('23 hr. ago');
    expect(compactRelativeText(ago(400 * DAY), 'en', NOW)).toBe('last yr.');
  });
});
