import { describe, expect, it } from 'vitest';
import { ROW_SCHEMAS, validateRows } from '@mirage/store/schemas';

/** A readable row of each collection (the fields ROW_SCHEMAS asks for). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  organizations: { id: '1', name: 'Acme', domain: 'acme.example', createdAt: '2025-01-01' },
  users: {
    id: '1',
    username: 'u',
    email: 'u@x',
    displayName: 'U',
    fullName: 'U U',
    roleId: 4,
    organizationId: '1',
    passwordHash: 'h',
    salt: 's',
    about: '',
    photoURL: '',
    status: 'online',
    providerId: 'mirage',
    createdAt: '2025',
    extra: { kept: true },
  },
  sessions: { id: '1', accessToken: 't', sessionKey: 'k', userId: 1, expiresAt: 5, revoked: false },
  screenshots: {
    id: '9',
    serviceUnitId: '1',
    organizationId: 1,
    capturedAt: '2025',
    width: 1,
    height: 2,
    activeWindowTitle: '',
    processName: 'p',
    flagged: false,
    note: '',
  },
  urlRestrictions: {
    id: '2',
    organizationId: '1',
    scope: { kind: 'units', unitIds: ['1', 2] },
    pattern: 'x',
    matchType: 'regex',
    action: 'block',
    enabled: true,
    schedule: { kind: 'window', days: [1, 2], from: '09:00', to: '17:00' },
    reason: '',
    createdAt: '',
    updatedAt: '',
  },
};

/** Damaged variants of a row: every field removed, or set to values of other types. */
function damaged(row: Record<string, unknown>): unknown[] {
  const odd = [undefined, null, 42, Number.NaN, Number.POSITIVE_INFINITY, '', 'x', true, [], ['x'], [1], {}, { kind: 'all' }, 5, 1];
  const out: unknown[] = [null, 7, 'row', [row]];
  for (const key of Object.keys(row)) for (const value of odd) out.push({ ...row, [key]: value });
  return out;
}

describe('the stored-row check without copies (mirage/store/schemas.ts)', () => {
  it('decides every row as the zod schema does, and keeps readable rows without copying them', () => {
    for (const [collection, sample] of Object.entries(SAMPLES)) {
      const schema = ROW_SCHEMAS[collection];
      expect(schema).toBeDefined();
      for (const row of [sample, ...damaged(sample)]) {
        const { dump, dropped } = validateRows([{ collection, row }], (e) => e);
        const readable = schema?.safeParse(row).success ?? false;
        expect({ collection, row, readable: dropped.length === 0 }).toEqual({ collection, row, readable });
        if (readable) expect(dump[collection]?.[0]).toBe(row);
      }
    }
  });

  it("still gives zod's reason for an unreadable row", () => {
    const { dropped } = validateRows([{ collection: 'users', row: { ...SAMPLES['users'], email: 42 } }], (e) => e);
    expect(dropped[0]?.reason).toMatch(/^email: /);
  });
});
