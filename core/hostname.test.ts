import { describe, expect, it } from 'vitest';
import { HOSTNAME_MAX_LENGTH, isHostname } from './hostname';

const label = (n: number) => 'a'.repeat(n);

describe('isHostname', () => {
  it.each([
    'gate-01',
    'gate-01.example.com',
    'DESKTOP-7QK2L1M',
    'DESKTOP_01',
    'build_server.corp.example',
    '_printer',
    'MacBook-Pro.local',
    '10-0-0-1',
    'x',
    label(63),
    [label(63), label(63), label(63), label(61)].join('.'),
  ])('accepts %s', (name) => {
    expect(isHostname(name)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a label of 64', label(64)],
    ['254 characters', [label(63), label(63), label(63), label(62)].join('.')],
    ['a leading hyphen', '-gate'],
    ['a trailing hyphen', 'gate-.example'],
    ['an empty label', 'gate..example'],
    ['a trailing dot', 'gate.example.'],
    ['a space', 'front desk'],
    ['punctuation', 'bad_host!'],
    ['a slash', 'a/b'],
    ['non-ASCII letters', 'bürö-pc'],
  ])('refuses %s', (_why, name) => {
    expect(isHostname(name)).toBe(false);
  });

  it('counts the whole name against the limit', () => {
    expect(HOSTNAME_MAX_LENGTH).toBe(253);
    expect([label(63), label(63), label(63), label(61)].join('.')).toHaveLength(253);
  });
});
