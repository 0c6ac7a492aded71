import { describe, expect, it } from 'vitest';
import { ONLINE_WINDOW_MS, onlineWindowMs, unitStatus } from './unit-status';

const now = Date.parse('2026-05-04T12:00:00.000Z');
const seen = (msAgo: number) => new Date(now - msAgo).toISOString();

describe('unitStatus (derived, 4-minute boundary)', () => {
  it.each([
    ['just now', 0, 'online'],
    ['3 min 59.999 s ago', ONLINE_WINDOW_MS - 1, 'online'],
    ['exactly 4 min ago', ONLINE_WINDOW_MS, 'online'],
    ['4 min + 1 ms ago', ONLINE_WINDOW_MS + 1, 'offline'],
    ['a day ago', 86_400_000, 'offline'],
    ['slightly in the future (clock skew)', -5_000, 'online'],
  ])('last seen %s → %s', (_, msAgo, expected) => {
    expect(unitStatus({ maintenance: false, lastSeenAt: seen(msAgo) }, now)).toBe(expected);
  });

  it('maintenance wins whatever the last report', () => {
    expect(unitStatus({ maintenance: true, lastSeenAt: seen(0) }, now)).toBe('maintenance');
    expect(unitStatus({ maintenance: true, lastSeenAt: seen(86_400_000) }, now)).toBe('maintenance');
  });

  it('an unreadable date counts as offline', () => {
    expect(unitStatus({ maintenance: false, lastSeenAt: 'never' }, now)).toBe('offline');
  });
});

describe('unitStatus of a unit with an agent (window: 3 heartbeat intervals, at least 15 s)', () => {
  const agent = (heartbeatIntervalS: number) => ({ heartbeatIntervalS });
  it.each([
    [30, 90_000, 'online'],
    [30, 90_001, 'offline'],
    [2, 15_000, 'online'],
    [2, 15_001, 'offline'],
  ])('interval %i s, last seen %i ms ago → %s', (interval, msAgo, expected) => {
    expect(unitStatus({ maintenance: false, lastSeenAt: seen(msAgo), agent: agent(interval) }, now)).toBe(expected);
  });

  it('keeps the 4-minute window without an agent, and maintenance wins', () => {
    expect(onlineWindowMs({ agent: null })).toBe(ONLINE_WINDOW_MS);
    expect(unitStatus({ maintenance: true, lastSeenAt: seen(0), agent: agent(30) }, now)).toBe('maintenance');
  });
});
