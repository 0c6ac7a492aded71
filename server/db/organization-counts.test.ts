import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../backend';
import { call, jsonOf, signIn, unitInput } from '../test-support/api';
import { BACKEND_NAME, createTestDatabase, type TestDatabase } from '../test-support/database';
import { createSqlOrganizationCounts } from './organization-counts';

/*
 * The organizations' counts in SQL (grouped over the users' and units' tables) are what each record names:
 * on a server with the default seed, before and after units are created in two organizations; and the
 * organizations' list and record show them.
 */

let database: TestDatabase;
let backend: Backend;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({ sql: database.sql });
}, 120_000);

afterAll(async () => {
  await backend?.close();
  await database?.drop();
});

/** Each organization's accounts or units, counted from the stored records themselves. */
async function storedCounts(collection: 'users' | 'serviceUnits'): Promise<Map<string, number>> {
  const { rows } = await database.sql.query<{ data: { organizationId: string | number } }>(
    collection === 'users'
      ? `SELECT json_build_object('organizationId', organization_id) AS data FROM users`
      : `SELECT json_build_object('organizationId', organization_id) AS data FROM service_units`,
  );
  const counts = new Map<string, number>();
  for (const { data } of rows) counts.set(String(data.organizationId), (counts.get(String(data.organizationId)) ?? 0) + 1);
  return counts;
}

describe(`the organizations' counts on ${BACKEND_NAME}`, () => {
  const expectAlike = async () => {
    const stored = createSqlOrganizationCounts(database.sql);
    const [fromSql, users, units] = await Promise.all([stored.all(), storedCounts('users'), storedCounts('serviceUnits')]);
    const sorted = (map: ReadonlyMap<string, number>) => [...map].filter(([id]) => id !== 'null').sort();
    expect(sorted(fromSql.users)).toEqual(sorted(users));
    expect(sorted(fromSql.units)).toEqual(sorted(units));
    for (const id of [...users.keys(), 'none', 'a\0b']) {
      expect(await stored.of(id), id).toEqual({ userCount: users.get(id) ?? 0, unitCount: units.get(id) ?? 0 });
    }
    return fromSql;
  };

  it('count every organization’s users and units as memory does, before and after writes, and the list shows them', async () => {
    const before = await expectAlike();
    expect(before.users.size).toBeGreaterThanOrEqual(2);
    const superadmin = await signIn(backend, 'superadmin');
    const globex = await signIn(backend, 'globex');
    const globexOrg = String(jsonOf<{ organization: { id: string } }>(await call(backend, '/api/me', { token: globex })).organization.id);
    for (const [token, name] of [
      [superadmin, 'Counted Acme unit'],
      [globex, 'Counted Globex unit'],
    ] as const) {
      const created = await call(backend, '/api/service-units', { method: 'POST', token, body: unitInput(name) });
      expect(created.status).toBe(201);
    }
    const after = await expectAlike();
    expect(after.units.get(globexOrg)).toBe((before.units.get(globexOrg) ?? 0) + 1);

    const list = jsonOf<{ items: { id: string; userCount: number; unitCount: number }[] }>(
      await call(backend, '/api/organizations?pageSize=100', { token: superadmin }),
    );
    const shown = list.items.find((org) => org.id === globexOrg);
    expect(shown).toMatchObject({ userCount: after.users.get(globexOrg), unitCount: after.units.get(globexOrg) });
    const record = jsonOf<{ unitCount: number }>(await call(backend, `/api/organizations/${globexOrg}`, { token: superadmin }));
    expect(record.unitCount).toBe(after.units.get(globexOrg));
  });
});
