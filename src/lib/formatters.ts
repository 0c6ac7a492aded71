/**
 * Number and time formatting shared by every screen.
 *
 * formatThousands — compact counts for cards and badges:
 * - |n| ≤ 999 is shown as is (rounded to at most one decimal): 999 → "999", 12.34 → "12.3";
 * - above 999 it is shown in thousands with one decimal and the suffix `k`; a trailing ".0" is dropped,
 *   so 1500 → "1.5k" and 1000 → "1k";
 * - from the point where thousands would round to 1000k (|n| ≥ 999 950) it moves on to millions `M`,
 *   then billions `B` (the last unit): 1 000 000 → "1M", 2 500 000 → "2.5M", 3e12 → "3000B";
 * - negative numbers mirror positive ones: -1500 → "-1.5k"; -0 → "0";
 * - NaN, Infinity and -Infinity are not numbers a person can read: they give "—".
 */
const UNITS = ['k', 'M', 'B'] as const;
export const NOT_A_NUMBER = '—';

const oneDecimal = (n: number): string => {
  const fixed = n.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
};

export function formatThousands(value: number): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const sign = value < 0 ? '-' : '';
  let abs = Math.abs(value);
  if (abs <= 999) {
    const text = oneDecimal(abs);
    return text === '0' ? '0' : sign + text;
  }
  let unit = 0;
  abs /= 1000;
  // Move up a unit when rounding to one decimal would print 1000 of the current one.
  while (unit < UNITS.length - 1 && Number(abs.toFixed(1)) >= 1000) {
    abs /= 1000;
    unit += 1;
  }
  return `${sign}${oneDecimal(abs)}${UNITS[unit]}`;
}

export interface FormatTimeOptions {
  /** 12-hour clock with AM/PM (default) or 24-hour clock. */
  hour12?: boolean;
}

/**
 * The local clock time of a date: "1:05 PM" (12-hour: midnight is "12:00 AM", noon "12:00 PM")
 * or "13:05" (24-hour, zero-padded). An invalid date gives ''.
 */
export function formatTime(date: Date | string | number, { hour12 = true }: FormatTimeOptions = {}): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, '0');
  if (!hour12) return `${String(hours).padStart(2, '0')}:${minutes}`;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${minutes} ${suffix}`;
}
