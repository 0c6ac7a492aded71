import { describe, expect, it } from 'vitest';
import { etagOf, ifMatchHolds, versionOf } from './versions';

describe('record versions and If-Match', () => {
  it('reads a record stored before versions as version 1', () => {
    expect(versionOf({})).toBe(1);
    expect(versionOf({ version: 4 })).toBe(4);
  });

  it('lets a write without If-Match, with *, or with the current ETag go on', () => {
    expect(ifMatchHolds(undefined, 3)).toBe(true);
    expect(ifMatchHolds('', 3)).toBe(true);
    expect(ifMatchHolds('*', 3)).toBe(true);
    expect(ifMatchHolds(etagOf(3), 3)).toBe(true);
    expect(ifMatchHolds('W/"3"', 3)).toBe(true);
    expect(ifMatchHolds('"1", "3"', 3)).toBe(true);
  });

  it('refuses an ETag of another version, or an unquoted one', () => {
    expect(ifMatchHolds('"2"', 3)).toBe(false);
    expect(ifMatchHolds('3', 3)).toBe(false);
    expect(ifMatchHolds('"2", W/"4"', 3)).toBe(false);
  });
});
