import { describe, expect, it } from 'vitest';
import { formatThousands, formatTime, NOT_A_NUMBER } from './formatters';

describe('formatThousands', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [12.34, '12.3'],
    [999, '999'],
    [999.4, '1k'],
    [1000, '1k'],
    [1001, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_000_000_000, '1B'],
    [3_000_000_000_000, '3000B'],
    [-999, '-999'],
    [-1000, '-1k'],
    [-1500, '-1.5k'],
    [-1_000_000, '-1M'],
  ])('%d → %s', (input, expected) => {
    expect(formatThousands(input)).toBe(expected);
  });

  it.each([NaN, Infinity, -Infinity])('%d is shown as a dash', (input) => {
    expect(formatThousands(input)).toBe(NOT_A_NUMBER);
  });
});

describe('formatTime', () => {
  const at = (h: number, m: number) => new Date(2026, 0, 15, h, m, 30);

  it.each([
    [0, 0, '12:00 AM', '00:00'],
    [0, 5, '12:05 AM', '00:05'],
    [9, 7, '9:07 AM', '09:07'],
    [11, 59, '11:59 AM', '11:59'],
    [12, 0, '12:00 PM', '12:00'],
    [13, 5, '1:05 PM', '13:05'],
    [23, 59, '11:59 PM', '23:59'],
  ])('%d:%d → %s / %s', (h, m, twelve, twentyFour) => {
    expect(formatTime(at(h, m))).toBe(twelve);
    expect(formatTime(at(h, m), { hour12: true })).toBe(twelve);
    expect(formatTime(at(h, m), { hour12: false })).toBe(twentyFour);
  });

  it('accepts ISO strings and timestamps', () => {
    const d = at(14, 30);
    expect(formatTime(d.toISOString())).toBe('2:30 PM');
    expect(formatTime(d.getTime(), { hour12: false })).toBe('14:30');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatTime('not a date')).toBe('');
    expect(formatTime(new Date(NaN), { hour12: false })).toBe('');
  });
});
