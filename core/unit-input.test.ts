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
