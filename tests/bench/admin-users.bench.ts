/**
 * Large-seed figures for the administration lists (1,000 organizations, 50,000 users): seed time and
 * the time of users/organizations list requests through the real Mirage handlers, as a super admin
 * (no organization scope) and as an admin (one organization). Run with `npm run bench`; nothing asserts a timing.
 */
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { table } from '@mirage/db';
import { makeServer, type Server } from '@mirage/server';

let server: Server;
const tokens: Record<string, string> = {};
let someOrg = '';

async function get(path: string, who = 'superadmin'): Promise<unknown> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${tokens[who] ?? ''}` } });
  if (!response.ok) throw new Error(`${path} → ${response.status}`);
  return response.json();
}

beforeAll(async () => {
  const started = performance.now();
  server = await makeServer({ seed: 'large', latencyMs: 0, environment: 'test' });
  const seedMs = performance.now() - started;
  for (const username of ['superadmin', 'admin']) {
    const login = await fetch('/api/UserLogin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
      body: JSON.stringify({ params: { username, password: 'demo1234' } }),
    });
    tokens[username] = ((await login.json()) as { accessToken: string }).accessToken;
  }
  const orgs = table<{ id: string }>(server.db, 'organizations').all();
  someOrg = String(orgs[500]?.id ?? '');
  console.info(`[admin large seed] ${seedMs.toFixed(0)} ms, ${orgs.length} organizations, ${table(server.db, 'users').count()} users`);
}, 300_000);

afterAll(() => server?.shutdown());

const opts = { iterations: 5, warmupIterations: 1, time: 0 };

describe('users list (50,000 users)', () => {
  bench('super admin: page 1', () => get('/api/users?page=1&pageSize=25').then(() => undefined), opts);
  bench('super admin: page 1000', () => get('/api/users?page=1000&pageSize=25').then(() => undefined), opts);
  bench(
    'super admin: sort lastSignInAt desc',
    () => get('/api/users?pageSize=25&sort=lastSignInAt&order=desc').then(() => undefined),
    opts,
  );
  bench('super admin: filter one organization', () => get(`/api/users?pageSize=25&organizationId=${someOrg}`).then(() => undefined), opts);
  bench(
    'super admin: filter role=2, status=invited',
    () => get('/api/users?pageSize=25&role=2&status=invited').then(() => undefined),
    opts,
  );
  bench('super admin: search "santos"', () => get('/api/users?pageSize=25&search=santos').then(() => undefined), opts);
  bench('admin (own organization): page 1', () => get('/api/users?page=1&pageSize=25', 'admin').then(() => undefined), opts);
});

describe('organizations list (1,000 organizations)', () => {
  bench('page 1 with unit and user counts', () => get('/api/organizations?page=1&pageSize=25').then(() => undefined), opts);
  bench('sort by userCount desc', () => get('/api/organizations?pageSize=25&sort=userCount&order=desc').then(() => undefined), opts);
  bench(
    'filter status=suspended, search "freight"',
    () => get('/api/organizations?pageSize=25&status=suspended&search=freight').then(() => undefined),
    opts,
  );
});
