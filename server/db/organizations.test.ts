import { describe, expect, it } from 'vitest';
import type { OrganizationRepository } from '../../core/organizations';
import { memoryOrganizations, normalizeOrg, type StoredOrg } from '../../mirage/organization-store';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlOrganizations, ORGANIZATIONS } from './organizations';

/*
 * The organizations in PostgreSQL answer what the embedded backend answers from memory: one by id, several,
 * every one in creation order (seeded numbers by value, then UUIDs), the count, and the same after a
 * create, a change and a delete; the list table follows the writes. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

const organization = (id: string, name: string, extra: Partial<StoredOrg> = {}): StoredOrg => ({
  id,
  name,
  domain: `${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
  createdAt: '2025-01-10T09:00:00.000Z',
  ...extra,
});

// Written out of order: "10" and "9" sort before "2" as text, UUIDs after every number.
const records: StoredOrg[] = [
  organization('10', 'Zeta Übersee', { code: 'ZETA', status: 'suspended', statusReason: 'Invoice' }),
  organization('0192f3a0-0002-7abc-8def-000000000002', 'Later Straße'),
  organization('2', 'Globex Retail', { code: 'GLOBEX', seatLimit: 60 }),
  organization('9', 'Acme Logistics'), // an older row: no administration fields
  organization('0192f3a0-0001-7abc-8def-000000000001', 'Earlier ß', { status: 'archived' }),
  organization('1', 'Initech'),
];

const PROBES = ['1', '2', '9', '10', '0192f3a0-0002-7abc-8def-000000000002', '3', '01', 'x\0', ''];

describe.each(sqlTargets())('the organizations in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { [ORGANIZATIONS]: records });
  const { write } = suite;
  const { memory, stored } = repositoryPair<OrganizationRepository<StoredOrg>>(suite, memoryOrganizations, createSqlOrganizations);
  const ids = (rows: readonly StoredOrg[]) => rows.map((row) => String(row.id));
  const listed = async () =>
    (await suite.sql.query<{ id: string }>("SELECT id FROM organizations WHERE name_key <> ''")).rows.map((row) => row.id).sort();

  const expectAlike = async () => {
    for (const id of PROBES) expect(await stored.get(id), id).toEqual(await memory.get(id));
    expect(ids(await stored.getMany(PROBES)).sort()).toEqual(ids(await memory.getMany(PROBES)).sort());
    expect(ids(await stored.all())).toEqual(ids(await memory.all()));
    expect(await stored.all()).toEqual(await memory.all());
    expect(await stored.first()).toEqual(await memory.first());
    expect(await stored.count()).toBe(await memory.count());
  };

  it('answer one, several, every one in creation order and the count as memory does', async () => {
    await expectAlike();
    expect(ids(await stored.all()).slice(0, 4)).toEqual(['1', '2', '9', '10']);
    expect(await stored.first()).toMatchObject({ id: '1', name: 'Initech' });
    expect(await stored.getMany([])).toEqual([]);
    expect(ids(await stored.getMany(['2', '2', 'x\0']))).toEqual(['2']);
  });

  it('store a change, a new organization and a delete as memory does, with the list keys following', async () => {
    const patch = { name: 'Acme Logistik', status: 'active' as const, code: 'ACME' };
    expect(await write(() => stored.update('9', patch))).toMatchObject({ id: '9', ...patch, domain: 'acmelogistics.example' });
    await memory.update('9', patch);
    await write(() => stored.remove('10'));
    await memory.remove('10');
    await expectAlike();
    expect(await stored.get('10')).toBeUndefined();

    const { id: _none, ...row } = normalizeOrg(organization('new', 'Neu GmbH'));
    const created = await write(() => stored.insert(row));
    expect(created).toMatchObject({ name: 'Neu GmbH', code: row.code });
    expect(String(created.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await stored.get(String(created.id))).toEqual(created);
    expect(ids(await stored.all()).at(-1)).toBe(String(created.id));
    expect(await stored.count()).toBe(records.length);
    expect(await listed()).toEqual([...ids(await stored.all())].sort());
  });
});
