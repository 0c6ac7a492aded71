/**
 * Large-seed figures (VITE_SEED=large equivalent): seed time, heap growth, and the time of list
 * requests through the real Mirage handlers. Run with `npm run bench`; nothing here asserts a timing.
 */
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { makeServer, type Server } from '@mirage/server';

let server: Server;
let token = '';

async function get(path: string): Promise<unknown> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path} → ${response.status}`);
  return response.json();
}

beforeAll(async () => {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  server = await makeServer({ seed: 'large', latencyMs: 0, environment: 'test' });
  const seedMs = performance.now() - started;
  const heapAfter = process.memoryUsage().heapUsed;
  const login = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
    body: JSON.stringify({ params: { username: 'user', password: 'demo1234' } }),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
  const counts = Object.fromEntries(
    ['serviceUnits', 'screenshots', 'processes', 'processRules', 'urlRestrictions'].map((name) => [
      name,
      (server.db as unknown as { _collections: { name: string; _records: unknown[] }[] })._collections.find((c) => c.name === name)
        ?._records.length ?? 0,
    ]),
  );
  console.info(
    `[large seed] ${seedMs.toFixed(0)} ms, heap +${((heapAfter - heapBefore) / 1048576).toFixed(0)} MB, rows ${JSON.stringify(counts)}`,
  );
}, 300_000);

afterAll(() => server?.shutdown());

const opts = { iterations: 5, warmupIterations: 1, time: 0 };

describe('service units list (10,000 units)', () => {
  bench('page 1', () => get('/api/service-units?page=1&pageSize=25').then(() => undefined), opts);
  bench('page 200', () => get('/api/service-units?page=200&pageSize=25').then(() => undefined), opts);
  bench('sort by name desc', () => get('/api/service-units?page=1&pageSize=25&sort=name&order=desc').then(() => undefined), opts);
  bench(
    'filter status=offline, os=linux',
    () => get('/api/service-units?page=1&pageSize=25&status=offline&os=linux').then(() => undefined),
    opts,
  );
  bench('search "kiosk"', () => get('/api/service-units?page=1&pageSize=25&search=kiosk').then(() => undefined), opts);
});

describe('screenshots list (100,000 screenshots)', () => {
  bench('page 1 (newest first)', () => get('/api/screenshots?page=1&pageSize=24').then(() => undefined), opts);
  bench('page 2000', () => get('/api/screenshots?page=2000&pageSize=24').then(() => undefined), opts);
  bench(
    'filtered: flagged, last 7 days',
    () => {
      const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      return get(`/api/screenshots?page=1&pageSize=24&flagged=true&from=${from}`).then(() => undefined);
    },
    opts,
  );
  bench('filtered: one unit', () => get('/api/screenshots?page=1&pageSize=24&unitId=1').then(() => undefined), opts);
});

describe('dashboard and processes (large org)', () => {
  bench('dashboard summary', () => get('/api/dashboard/summary').then(() => undefined), opts);
  bench('latest screenshots', () => get('/api/dashboard/latest-screenshots').then(() => undefined), opts);
  bench('processes of a unit (first open: lazily generated)', () => get('/api/service-units/9000/processes').then(() => undefined), opts);
});
