/**
 * Record ids are opaque strings to callers. Two kinds exist: the seeds' readable numbers ("1", "2", …)
 * and the UUIDv7 of every record created since (time-ordered: their text order is their creation order).
 * Lists that break a tie "by id" mean "by creation": numbers first, by value, then the rest by code point.
 */

const PLAIN_NUMBER = /^(0|[1-9]\d{0,14})$/;

/** The id as a number when it is written as one (no leading zeros, a safe integer), else NaN. */
export function plainNumber(id: string | number): number {
  const n = typeof id === 'number' ? id : PLAIN_NUMBER.test(id) ? Number(id) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

/** Code-point order (PostgreSQL's "C" collation on UTF-8 orders the same way; UTF-16 order does not). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF, astral code points) come after every other UTF-16 unit in code-point order.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Creation order of two ids: seeded numbers first (by value), then UUIDv7 and any other id by code point. */
export function compareIds(a: string | number, b: string | number): number {
  const x = plainNumber(a);
  const y = plainNumber(b);
  const xNumber = !Number.isNaN(x);
  const yNumber = !Number.isNaN(y);
  if (xNumber && yNumber) return x - y;
  if (xNumber !== yNumber) return xNumber ? -1 : 1;
  return compareCodePoints(String(a), String(b));
}
