import { scrypt } from '@noble/hashes/scrypt.js';
import { describe, expect, it } from 'vitest';
import { derivePasswordHash, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from '@mirage/crypto';
import { DEMO_PASSWORD, demoPasswordRecord } from '@mirage/domains/accounts';
import { addressKey } from '../../api/services/sign-in-throttle';

describe('password hashes', () => {
  it('are scrypt in a self-describing form: scrypt$N$r$p$salt$key', async () => {
    const { salt, passwordHash } = await derivePasswordHash('correct horse');
    expect(passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(passwordHash.split('$')[4]).toBe(salt);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 14, r: 8, p: 1 });
    expect(await verifyPassword('correct horse', '', passwordHash)).toBe(true);
    expect(await verifyPassword('correct horse!', '', passwordHash)).toBe(false);
    expect(needsRehash(passwordHash)).toBe(false);
    // A fresh salt each time: the same password never gives the same hash.
    expect((await derivePasswordHash('correct horse')).passwordHash).not.toBe(passwordHash);
  });

  it('read their parameters from the stored form: a hash made with other parameters still verifies, and is due for a new one', async () => {
    const { passwordHash } = await derivePasswordHash('secret123', 'aabbccddeeff0011');
    const key = passwordHash.split('$')[5] ?? '';
    // The same password and salt at N = 2^10 (as an older setting would have stored it).
    const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    const enc = new TextEncoder();
    const older = `scrypt$1024$8$1$aabbccddeeff0011$${hex(scrypt(enc.encode('secret123'), enc.encode('aabbccddeeff0011'), { N: 1024, r: 8, p: 1, dkLen: 32 }))}`;
    expect(older.split('$')[5]).not.toBe(key);
    expect(await verifyPassword('secret123', '', older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
  });

  it('still accept the older PBKDF2 hashes (bare hex, salt in the row), which are due for a new one', async () => {
    const legacy = await hashPassword('demo1234', 'salt-1');
    expect(legacy).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyPassword('demo1234', 'salt-1', legacy)).toBe(true);
    expect(await verifyPassword('demo1234', 'salt-2', legacy)).toBe(false);
    expect(await verifyPassword('demo12345', 'salt-1', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('match nothing when empty (an invited account) or damaged, and never run absurd parameters', async () => {
    expect(await verifyPassword('', '', '')).toBe(false);
    expect(await verifyPassword('x', '', 'scrypt$16384$8$1$zz$00')).toBe(false);
    // N = 2^30 would ask for 1 GiB: refused before any work.
    const huge = `scrypt$1073741824$8$1$aabbccdd$${'0'.repeat(64)}`;
    expect(await verifyPassword('x', '', huge)).toBe(false);
    expect(await verifyPassword('x', '', `scrypt$1000$8$1$aabbccdd$${'0'.repeat(64)}`)).toBe(false);
  });

  it('the demo accounts share one hash of the public demo password, derived once per process', async () => {
    const first = await demoPasswordRecord();
    expect(await demoPasswordRecord()).toBe(first);
    expect(first.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, first.salt, first.passwordHash)).toBe(true);
  });
});

describe('client address keys (sign-in throttling per address)', () => {
  it('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64 network', () => {
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('2001:db8:85a3::8a2e:370:7334')).toBe('address:2001:db8:85a3:0::/64');
    expect(addressKey('2001:0DB8:85A3:0000:1111:2222:3333:4444')).toBe('address:2001:db8:85a3:0::/64');
    expect(addressKey('2001:db8:85a3:0:ffff::1')).toBe(addressKey('2001:db8:85a3::2'));
    expect(addressKey('2001:db8:85a3:1::1')).not.toBe(addressKey('2001:db8:85a3:2::1'));
    expect(addressKey('fe80::1%eth0')).toBe('address:fe80:0:0:0::/64');
  });
});
