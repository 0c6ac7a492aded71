import { describe, expect, it } from 'vitest';
import { readUnitInput } from './unit-input';

const valid = {
  name: '  Gate Kiosk 01 ',
  hostname: 'Gate-01.Example.com',
  ipAddress: '10.0.0.7',
  operatingSystem: 'linux',
  location: 'Berlin',
  description: '',
  tags: ['kiosk', 'kiosk', 'lobby'],
  maintenance: false,
  screenshotIntervalMinutes: 5,
};

describe('a service unit’s input', () => {
  it('stores what it accepts as the backend keeps it: trimmed name, lower-case host, tags once each', () => {
    const { value, errors } = readUnitInput(valid);
    expect(errors).toEqual({});
    expect(value).toMatchObject({ name: 'Gate Kiosk 01', hostname: 'gate-01.example.com', tags: ['kiosk', 'lobby'] });
  });

  it('takes a hostname as machines report it: an underscore, capitals, up to 253 characters in labels of up to 63', () => {
    for (const hostname of [
      'DESKTOP_7QK2L1M',
      'build_server.Corp.Example',
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
    ]) {
      expect(readUnitInput({ ...valid, hostname }).errors).toEqual({});
    }
    expect(readUnitInput({ ...valid, hostname: 'DESKTOP_01' }).value.hostname).toBe('desktop_01');
    for (const hostname of ['a'.repeat(64), 'gate-', 'front desk']) {
      expect(readUnitInput({ ...valid, hostname }).errors['hostname']).toBe('invalidHostname');
    }
    // Past 253 characters the text rule's limit answers first.
    const long = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(readUnitInput({ ...valid, hostname: long }).errors['hostname']).toBe('tooLong');
  });

  it('names every field that is wrong, with the code the screens translate', () => {
    const { errors } = readUnitInput({
      name: ' ',
      hostname: 'bad_host!',
      ipAddress: '999.1.1.1',
      operatingSystem: '',
      location: 'x'.repeat(121),
      description: 'a\u202Eb',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      screenshotIntervalMinutes: 1441,
    });
    expect(errors).toEqual({
      name: 'required',
      hostname: 'invalidHostname',
      ipAddress: 'invalidIpAddress',
      operatingSystem: 'required',
      location: 'tooLong',
      description: 'bidiControl',
      tags: 'tooManyTags',
      screenshotIntervalMinutes: 'outOfRange',
    });
  });

  it('accepts an IPv6 address and no address at all; refuses a tag with a slash', () => {
    expect(readUnitInput({ ...valid, ipAddress: 'fe80::1' }).errors).toEqual({});
    expect(readUnitInput({ ...valid, ipAddress: '' }).errors).toEqual({});
    expect(readUnitInput({ ...valid, tags: ['a/b'] }).errors).toEqual({ tags: 'invalidTags' });
  });
});
