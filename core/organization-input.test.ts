import { describe, expect, it } from 'vitest';
import { readOrganizationInput } from './organization-input';

const valid = {
  name: ' Acme Logistics ',
  code: 'acme-2',
  contactEmail: 'ops@acme.example',
  phone: '+49 30 1234567',
  address: 'Street 1\nBerlin',
  timezone: 'Europe/Berlin',
  seatLimit: 120,
  screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
};

describe('an organization’s input', () => {
  it('stores the code in capitals and the name trimmed', () => {
    const { value, errors } = readOrganizationInput(valid);
    expect(errors).toEqual({});
    expect(value).toMatchObject({ name: 'Acme Logistics', code: 'ACME-2', address: 'Street 1\nBerlin' });
  });

  it('applies the text rule to the name and address, as the form does (a direction override, a NUL)', () => {
    const { errors } = readOrganizationInput({ ...valid, name: 'Acme \u202Egnp.exe', address: 'a\u0000b' });
    expect(errors).toEqual({ name: 'bidiControl', address: 'controlCharacter' });
  });

  it('names every other field that is wrong, nested ones with a dot', () => {
    const { errors } = readOrganizationInput({
      ...valid,
      code: 'a',
      contactEmail: 'nobody',
      phone: 'call me',
      timezone: 'Mars/Olympus',
      seatLimit: -1,
      screenshotPolicy: { enabled: true, intervalMinutes: 0, retentionDays: 4000 },
    });
    expect(errors).toEqual({
      code: 'invalidCode',
      contactEmail: 'invalidEmail',
      phone: 'invalidPhone',
      timezone: 'invalidTimezone',
      seatLimit: 'outOfRange',
      'screenshotPolicy.intervalMinutes': 'outOfRange',
      'screenshotPolicy.retentionDays': 'outOfRange',
    });
  });
});
