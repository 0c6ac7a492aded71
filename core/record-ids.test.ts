import { describe, expect, it } from 'vitest';
import { compareCodePoints, compareIds, plainNumber } from './record-ids';

describe('record ids', () => {
  it('orders seeded numbers by value, before any UUID', () => {
    const ids = ['019a0000-0000-7000-8000-000000000002', '10', '2', '019a0000-0000-7000-8000-000000000001', '1'];
    expect([...ids].sort(compareIds)).toEqual([
      '1',
      '2',
      '10',
      '019a0000-0000-7000-8000-000000000001',
      '019a0000-0000-7000-8000-000000000002',
    ]);
  });

  it('orders UUIDv7 by their text, which is their creation time', () => {
    // 0x0199… is earlier than 0x019a…; a numeric collation would read "0199" as 199 and "019a" as 19.
    expect(compareIds('0199ffff-0000-7000-8000-000000000000', '019a0000-0000-7000-8000-000000000000')).toBeLessThan(0);
  });

  it('does not read a leading zero or an unsafe integer as a number', () => {
    expect(plainNumber('007')).toBeNaN();
    expect(plainNumber('9007199254740993')).toBeNaN();
    expect(plainNumber('42')).toBe(42);
  });

  it('orders by code point as PostgreSQL COLLATE "C" does, astral characters last', () => {
    expect(compareCodePoints('\uffff', '\u{1F600}')).toBeLessThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('b', 'a')).toBeGreaterThan(0);
  });
});
