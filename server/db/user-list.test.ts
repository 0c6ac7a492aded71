import { createRandom } from '../../core/random';
import type { OrganizationScope } from '../../core/service-unit-list';
import { USER_TEXT_SORTS, type AccountStatus } from '../../core/user-list';
import { memoryUserList } from '../../mirage/domains/users';
import type { AdminUserRow } from '../../mirage/user-store';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { createSqlUserList } from './user-list';
import { ensureUserKeys, USERS } from './users';

/*
 * The users' list as SQL returns exactly what the embedded backend returns from memory: the same ids in
 * the same order and the same total, for every sort column both ways, each filter, searches, pages and
 * scopes (an organization filter narrows a scope, never widens it), over generated users made to find
 * differences (accents, ß, digits, case, ties, never signed in, numeric and UUID ids). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const COUNT = 400;
const FIRST = [
  'Ana',
  'ana',
  'Ärne',
  'Arne',
  'Élodie',
  'elodie',
  'Jürgen',
  'Juergen',
  'Straßer',
  'STRASSER',
  'Zoë',
  'zoe',
  'user 9',
  'user 10',
  '',
];
const LAST = [
  '100%',
  'Under_Score',
  'Back\\slash',
  'Müller',
  'Mueller',
  'müller',
  'Ødegaard',
  'Oliveira',
  "O'Brien",
  'da Silva',
  'Da Silva',
  'Nguyễn',
  '李',
];
const ORGANIZATIONS = ['1', '2', '3', '10'];
const STATUSES: AccountStatus[] = ['invited', 'active', 'disabled'];

function generateUsers(): AdminUserRow[] {
  const random = createRandom(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const users: AdminUserRow[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const id = i % 3 === 0 ? `0192f3a0-${String(i).padStart(4, '0')}-7abc-8def-${(1e11 + i * 7919).toString(16)}` : String(i + 1);
    const fullName = `${pick(FIRST)} ${pick(LAST)}`.trim();
    const handle = `${pick(['ana', 'Ana', 'jürgen', 'j.doe', 'user9', 'user10', 'x_y'])}${i % 7}`;
    const status = random() < 0.1 ? undefined : pick(STATUSES);
    users.push({
      id,
      organizationId: pick(ORGANIZATIONS),
      fullName,
      username: `${handle}-${i}`,
      email: `${handle}${i}@${pick(['acme.example', 'Globex.example', 'exämple.org'])}`,
      phoneNumber: '',
      displayName: fullName,
      passwordHash: '',
      salt: '',
      about: '',
      photoURL: '',
      status: 'offline',
      providerId: 'mirage',
      roleId: pick([1, 2, 3, 4, 4, 4] as const),
      ...(status ? { accountStatus: status } : {}),
      lastSignInAt: random() < 0.3 ? null : new Date(NOW - Math.floor(random() * 40) * 3_600_000).toISOString(),
      createdAt: new Date(NOW - Math.floor(random() * 30) * 86_400_000).toISOString(),
    });
  }
  return users;
}

const query = listQuery({ sort: 'fullName' });

/** The queries compared: every sort both ways in several scopes, each filter, searches and pages. */
function queries(): ListCase[] {
  const out: ListCase[] = [];
  const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], []];
  for (const sort of [...USER_TEXT_SORTS, 'roleId', 'status']) {
    for (const order of ['asc', 'desc'] as const) {
      for (const scope of scopes) out.push({ query: query({ sort, order, pageSize: 500 }), scope });
      out.push({ query: query({ sort, order, page: 3, pageSize: 7 }), scope: 'all' });
    }
  }
  for (const status of STATUSES) out.push({ query: query({ filters: { status: [status] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { role: ['4'] }, sort: 'email', pageSize: 500 }), scope: ['1'] });
  out.push({ query: query({ filters: { role: ['1', '2'], status: ['active'] } }), scope: 'all' });
  out.push({ query: query({ filters: { role: ['x'] } }), scope: 'all' });
  // A value PostgreSQL cannot hold matches nothing; the others of its filter still do.
  out.push({ query: query({ filters: { organizationId: ['1', '2\0'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { organizationId: ['\0'] } }), scope: 'all' });
  // The organization filter narrows the caller's scope and never widens it.
  out.push({ query: query({ filters: { organizationId: ['2', '3'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { organizationId: ['2', '3'] }, pageSize: 500 }), scope: ['3'] });
  out.push({ query: query({ filters: { organizationId: ['2'] }, pageSize: 500 }), scope: ['3'] });
  // LIKE's own characters and the line feed that joins the texts for the trigram index: each as itself.
  for (const search of [
    'ana',
    'müller',
    'mueller',
    'ss',
    'ß',
    'é',
    'user1',
    '.example',
    "o'b",
    '李',
    'zz-none',
    'a\0b',
    '%',
    '0%',
    '_',
    'r_s',
    '\\',
    'k\\s',
    'x_y',
    'müller\nana',
  ]) {
    out.push({ query: query({ search, pageSize: 500 }), scope: 'all' });
    out.push({ query: query({ search, sort: 'username', order: 'desc', pageSize: 5, page: 2 }), scope: ['1', '3'] });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

describeListParity({
  what: 'users',
  table: {
    collection: USERS,
    metaKey: 'userList',
    // The records stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(`UPDATE users SET id_key = '', full_name_key = '', username_key = '', search = '{}', search_text = ''`);
    },
    ensure: ensureUserKeys,
  },
  records: generateUsers(),
  // The organizations the users belong to (a user's organization must exist).
  related: {
    organizations: ORGANIZATIONS.map((id) => ({
      id,
      name: `Organization ${id}`,
      domain: `o${id}.example`,
      createdAt: '2025-01-01T00:00:00.000Z',
    })),
  },
  cases: queries(),
  memory: (db) => (c) => memoryUserList(db).list(c.query, c.scope),
  sql: (sql) => (c) => createSqlUserList(sql).list(c.query, c.scope),
  change: {
    apply: (user): AdminUserRow => ({ ...user, fullName: 'Renamed In Place', accountStatus: 'disabled' }),
    finds: { query: query({ search: 'renamed in place' }), scope: 'all' },
    includes: { query: query({ filters: { status: ['disabled'] }, pageSize: COUNT }), scope: 'all' },
  },
});
