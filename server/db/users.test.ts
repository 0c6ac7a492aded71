import { describe, expect, it } from 'vitest';
import type { UserRepository } from '../../core/users';
import { memoryUsers, type AdminUserRow } from '../../mirage/user-store';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlUsers, USERS } from './users';

/*
 * The accounts in PostgreSQL answer what the embedded backend answers from memory: by id, by username or
 * e-mail in any case (Unicode among them), by set-password digest and provider subject, by role, an
 * organization's ids, the count per role and the latest sign-ins (ties in creation order), and the same
 * after a change, a new account (with a new id or a given one) and a delete. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */

type RoleId = AdminUserRow['roleId'];
const account = (
  id: string,
  username: string,
  roleId: RoleId,
  organizationId: string,
  extra: Partial<AdminUserRow> = {},
): AdminUserRow => ({
  id,
  username,
  email: `${username.toLowerCase()}@example.test`,
  displayName: username,
  fullName: username,
  phoneNumber: '',
  roleId,
  organizationId,
  passwordHash: 'hash',
  salt: 'salt',
  about: '',
  photoURL: '',
  status: 'offline',
  providerId: 'mirage',
  createdAt: '2025-01-10T09:00:00.000Z',
  // The table keeps "never signed in" as NULL.
  lastSignInAt: null,
  ...extra,
});

const SIGNED_IN = '2026-11-30T08:00:00.000Z';
// Written out of order: "10" and "9" sort before "2" as text, UUIDs after every number.
const records: AdminUserRow[] = [
  account('10', 'Zoë', 4, '2', { email: 'ZOE@Übersee.example', lastSignInAt: SIGNED_IN }),
  account('0192f3a0-0002-7abc-8def-000000000002', 'later', 1, '1', { lastSignInAt: SIGNED_IN, oidcSubject: 'https://id.example|42' }),
  account('2', 'Admin', 2, '1', { lastSignInAt: '2026-12-01T09:30:00.000Z', setPasswordDigest: 'abc123', accountStatus: 'active' }),
  account('9', 'superadmin', 1, '1', { lastSignInAt: SIGNED_IN, accountStatus: 'active' }), // ties with 10 and the UUID
  account('0192f3a0-0001-7abc-8def-000000000001', 'earlier', 4, '2', { lastSignInAt: null, setPasswordDigest: '' }),
  account('1', 'operator', 3, '1', { email: 'Ops@Example.test' }),
  account('3', 'dup', 4, '2', { email: 'Later' }), // its e-mail is another's username, in other case
];

const IDS = ['1', '2', '9', '10', '0192f3a0-0002-7abc-8def-000000000002', '4', '01', 'x\0', ''];
const LOGINS = [
  ['admin'],
  ['admin@example.test'],
  ['later'],
  ['zoë', 'zoe@übersee.example'],
  ['ops@example.test'],
  ['superadmin', 'operator', 'nobody'],
  ['x\0'],
  [],
];

describe.each(sqlTargets())('the accounts in PostgreSQL on $name', (target) => {
  // The organizations the accounts belong to (an account's organization must exist).
  const organizations = ['1', '2'].map((id) => ({
    id,
    name: `Organization ${id}`,
    domain: `o${id}.example`,
    createdAt: '2025-01-01T00:00:00.000Z',
  }));
  const suite = repositoryParity(target, { organizations, [USERS]: records });
  const { write } = suite;
  const { memory, stored } = repositoryPair<UserRepository<AdminUserRow>>(suite, memoryUsers, createSqlUsers);
  const ids = (rows: readonly AdminUserRow[]) => rows.map((row) => String(row.id));

  const expectAlike = async () => {
    for (const id of IDS) expect(await stored.get(id), id).toEqual(await memory.get(id));
    expect(ids(await stored.getMany(IDS)).sort()).toEqual(ids(await memory.getMany(IDS)).sort());
    for (const texts of LOGINS) expect(await stored.withLogin(texts), texts.join()).toEqual(await memory.withLogin(texts));
    for (const digest of ['abc123', '', 'nope', 'x\0'])
      expect(await stored.withSetPasswordDigest(digest)).toEqual(await memory.withSetPasswordDigest(digest));
    for (const subject of ['https://id.example|42', '', 'https://id.example|4'])
      expect(await stored.withOidcSubject(subject)).toEqual(await memory.withOidcSubject(subject));
    for (const role of [1, 2, 3, 4, 5]) expect(await stored.withRole(role), `role ${role}`).toEqual(await memory.withRole(role));
    for (const org of ['1', '2', '3', 'x\0']) expect(await stored.idsInOrganization(org), org).toEqual(await memory.idsInOrganization(org));
    expect([...(await stored.countByRole())].sort()).toEqual([...(await memory.countByRole())].sort());
    for (const limit of [0, 1, 3, 50])
      expect(await stored.recentSignIns(limit), `limit ${limit}`).toEqual(await memory.recentSignIns(limit));
  };

  it('find accounts by id, login, link, subject, role and organization, and count and order them as memory does', async () => {
    await expectAlike();
    expect(ids(await stored.withLogin(['admin']))).toEqual(['2']);
    expect(ids(await stored.withLogin(['admin@example.test']))).toEqual(['2']);
    expect(ids(await stored.withLogin(['later']))).toEqual(['3', '0192f3a0-0002-7abc-8def-000000000002']);
    expect(ids(await stored.withLogin(['zoe@übersee.example']))).toEqual(['10']);
    expect(ids(await stored.withRole(1))).toEqual(['9', '0192f3a0-0002-7abc-8def-000000000002']);
    expect(ids(await stored.recentSignIns(4))).toEqual(['2', '9', '10', '0192f3a0-0002-7abc-8def-000000000002']);
    expect(await stored.countByRole()).toEqual(
      new Map([
        [1, 2],
        [2, 1],
        [3, 1],
        [4, 3],
      ]),
    );
    expect(await stored.withSetPasswordDigest('')).toBeUndefined();
  });

  it('store a change, new accounts and a delete as memory does, and find them by what changed', async () => {
    const patch = { username: 'Renamed', email: 'renamed@example.test', roleId: 4 as const, lastSignInAt: '2026-12-02T10:00:00.000Z' };
    expect(await write(() => stored.update('9', patch))).toMatchObject({ id: '9', ...patch, fullName: 'superadmin' });
    await memory.update('9', patch);
    await write(() => stored.remove('10'));
    await memory.remove('10');
    await expectAlike();
    expect(await stored.withLogin(['superadmin'])).toEqual([]);
    expect(ids(await stored.withLogin(['renamed']))).toEqual(['9']);
    expect(ids(await stored.recentSignIns(1))).toEqual(['9']);
    expect(await stored.get('10')).toBeUndefined();

    const { id: _none, ...row } = account('new', 'Neu', 4, '2', { setPasswordDigest: 'fresh' });
    const created = await write(() => stored.insert(row));
    expect(String(created.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await stored.get(String(created.id))).toEqual(created);
    expect(await stored.withSetPasswordDigest('fresh')).toEqual(created);
    expect(ids(await stored.withLogin(['neu']))).toEqual([String(created.id)]);
    // The schema keeps a username and an e-mail to one account, in any case.
    for (const taken of [
      { username: 'NEU', email: 'other@example.test' },
      { username: 'other', email: 'Neu@Example.Test' },
    ]) {
      await expect(write(() => stored.insert({ ...row, ...taken }))).rejects.toMatchObject({ code: '23505' });
    }
    const given = await write(() =>
      stored.insert({ ...row, id: 'oidc-7', username: 'provided', email: 'provided@example.test', oidcSubject: 'https://id.example|7' }),
    );
    expect(given.id).toBe('oidc-7');
    expect(await stored.withOidcSubject('https://id.example|7')).toEqual(given);
    expect(await stored.idsInOrganization('2')).toEqual(['3', '0192f3a0-0001-7abc-8def-000000000001', created.id, 'oidc-7']);
  });
});
