#!/usr/bin/env node
/* global window, document, history, location, requestAnimationFrame */
// Functions passed to page.evaluate run in the browser: the globals above are the page's.
/**
 * `npm run bench` (docs/performance.md): builds the app (remote, demo, demo with the large seed) and the
 * floor app (tests/bench/floor/), runs them interleaved in Debian Chromium and prints ONE table of medians,
 * ratios and goals; writes it as JSON to bench-results/.
 *
 *   npm run bench                 full run (about 10-15 minutes on a busy 2-core machine)
 *   npm run bench -- --quick      CI: bytes and first-screen ratios only; exits 1 on a budget breach beyond noise
 *   npm run bench -- --boot       the boot figures only: sizes, first screens and Lighthouse (no writes, no large seed)
 *   npm run bench -- --list-ab A B  the units list at the large seed in two prebuilt demo builds and the virtualised list, interleaved
 *   npm run bench -- --first-visit [dir…]   the large seed's first visit: sign-in form, signed in, seed stored
 *   options: --runs N, --no-build (reuse dist-bench-*), --no-lighthouse, --no-vitest, --no-server
 *   The server sections (scripts/bench-server.mjs, then the live agents of scripts/bench-agents.mjs) run when
 *   BENCH_DATABASE_URL names a real PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { peerInteractions } from './bench-peer.mjs';
import { serveStatic } from './bench-static.mjs';
import { analyse, fetchedJs } from './bench-sizes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const BOOT = argv.includes('--boot');
const arg = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', QUICK ? 5 : 9));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
// The remote-mode build is served (for Lighthouse) on the floor's port once the floor is measured.
const PORTS = { app: 4186, floor: 4187, large: 4188, remote: 4187, remoteFetch: 4185 };
const DIST = { remote: 'dist-bench-remote', app: 'dist-bench-app', large: 'dist-bench-large', floor: 'dist-bench-floor' };

/** Goals (issue 12, issue 9). Quick mode fails only on bytes and ratios, with NOISE as margin on ratios. */
const GOALS = {
  loginJsKb: 150,
  // Issue 46 §4: JS fetched by /login in its first 3 s, cold, remote build, prefetches after the first paint included.
  loginFetchedJsKb: 165,
  loginCssKb: 30,
  routeChunkKb: 60,
  coldRatio: 1.3,
  warmRatio: 1.15,
  listRatio: 1.5,
  writeRatio: 1.3,
  usersListMs: 300,
  reportMs: 500,
  lighthouseScore: 98,
  lighthouseTbtMs: 50,
};
const NOISE = 1.3;
/**
 * Goals this build still misses (docs/performance.md says why). Quick mode holds each at its measured level,
 * so it can only get better; the table still shows MISS against the goal. Lower these as the app improves.
 */
// The login JS ceiling is a ratchet 2 KB above the last measured size (build noise, small additions).
const CEILINGS = { loginJsKb: 137, coldRatio: 1.8, warmRatio: 1.8 };
/** Packages that may be in a route's first load only on the routes listed (null: on none). */
const ONLY_ON = {
  miragejs: null,
  recharts: ['/admin/reporting/prediction'],
  '@mantine/charts': ['/admin/reporting/prediction'],
  // The admin dashboard's trend loads uPlot lazily (src/features/dashboard/components/trend-chart.tsx): in no route's first load.
  uplot: null,
  'oidc-client-ts': null,
  elkjs: ['/dev/statecharts'],
  '@xyflow/react': ['/dev/statecharts'],
};

const log = (...a) => console.error('[bench]', ...a);
const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

// ---------------------------------------------------------------- builds
function run(cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
  return Date.now() - started;
}

function build() {
  const vite = ['vite', 'build', '--manifest', '--emptyOutDir'];
  const demo = { VITE_API_MODE: 'mirage', VITE_MOCK_LATENCY_MS: '0' };
  log('building remote mode (sizes)…');
  run('npx', [...vite, '--outDir', DIST.remote, '--sourcemap', 'hidden'], { VITE_API_MODE: 'remote' });
  log('building demo mode…');
  run('npx', [...vite, '--outDir', DIST.app], demo);
  if (!QUICK && !BOOT) {
    log('building demo mode with the large seed…');
    run('npx', [...vite, '--outDir', DIST.large], { ...demo, VITE_SEED: 'large' });
  }
  log('building the floor app…');
  run('npx', ['vite', 'build', '--config', 'tests/bench/floor/vite.config.ts', '--outDir', join(root, DIST.floor), '--emptyOutDir']);
}

// ---------------------------------------------------------------- sizes
/** Source packages of a built file, from its hidden source map. */
function packagesOf(dist, file) {
  const map = join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8'));
  const out = new Set();
  for (const s of sources) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
    if (m) out.add(m[1]);
  }
  return [...out];
}

function sizes() {
  const remote = analyse(DIST.remote);
  const floorJs = readdirJs(DIST.floor);
  const leaks = [];
  for (const route of remote.routes) {
    if (route.missing) continue;
    const files = [...remote.entry.files, ...route.files];
    const pkgs = new Set(files.flatMap((f) => packagesOf(DIST.remote, f)));
    for (const [pkg, allowed] of Object.entries(ONLY_ON)) {
      if (pkgs.has(pkg) && !(allowed ?? []).includes(route.path)) leaks.push(`${pkg} in the first load of ${route.path}`);
    }
  }
  const entryPkgs = new Set(remote.entry.files.flatMap((f) => packagesOf(DIST.remote, f)));
  return { remote, floorJs, leaks, entryPackages: [...entryPkgs].sort() };
}

function readdirJs(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  let js = 0;
  let css = 0;
  for (const chunk of Object.values(manifest)) {
    if (!chunk.isEntry) continue;
    js += gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
    for (const c of chunk.css ?? []) css += gzipSync(readFileSync(join(dist, c)), { level: 9 }).length;
  }
  return { js, css };
}

// ---------------------------------------------------------------- static server
const serve = serveStatic;

// ---------------------------------------------------------------- browser helpers
/** Installed before any page script: resolves window.__benchReady with the time of the first frame after `ready` holds. */
const READY_SCRIPT = (condition) => `
  window.__longTasks = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true }); } catch {}
  window.__benchReady = new Promise((resolve) => {
    const ready = () => { try { return (${condition})(); } catch { return false; } };
    let done = false;
    const check = () => {
      if (done || !ready()) return;
      done = true;
      requestAnimationFrame(() => resolve(performance.now()));
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    document.addEventListener('DOMContentLoaded', check);
  });
`;
const APP_LOGIN_READY = `() => {
  const overlay = document.getElementById('loading-bg');
  const form = document.querySelector('form');
  const button = form && form.querySelector('button[type=submit]');
  return (!overlay || overlay.classList.contains('is-hidden')) && form && form.querySelector('input[type=password]') && button && !button.disabled && !button.hasAttribute('data-loading');
}`;
const APP_PAGE_READY = `() => {
  const overlay = document.getElementById('loading-bg');
  return (!overlay || overlay.classList.contains('is-hidden')) && document.querySelector('h1');
}`;
const FLOOR_READY = `() => document.querySelectorAll('tbody tr').length >= 20`;
/**
 * In the page: demo mode's seed is stored (a first visit stores it in the background while the backend answers:
 * `mirageStatus.storedAt`; builds before it set `window.server` once stored). A reload before would seed again.
 */
const seedStored = () =>
  window.mirageStatus !== undefined &&
  ('storedAt' in window.mirageStatus ? window.mirageStatus.storedAt != null : window.server !== undefined);
const seedStoredOrRemote = () =>
  window.mirageStatus === undefined ||
  ('storedAt' in window.mirageStatus ? window.mirageStatus.storedAt != null : window.server !== undefined);

async function firstScreen(browser, base, path, condition) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_SCRIPT(condition));
  const page = await context.newPage();
  const visit = async () => {
    await page.goto(base + path, { waitUntil: 'commit' });
    return page.evaluate(() => window.__benchReady);
  };
  try {
    const cold = await visit();
    // Let the first visit finish its background work (the backend storing its seed) before the second.
    await page.waitForFunction(seedStoredOrRemote, null, { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    const warm = await visit();
    return { cold, warm };
  } finally {
    await context.close();
  }
}

async function signIn(page, base, username, { reload = true } = {}) {
  if (reload || !page.url().includes('/login')) await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 300_000 });
  await page.locator('h1').first().waitFor({ timeout: 120_000 });
}

/** Client-side navigation (wouter follows pushState), timed until `changed` holds and a frame painted. */
async function timedNavigation(page, url, rowSelector) {
  return page.evaluate(
    async ({ url, rowSelector }) => {
      const first = () => document.querySelector(rowSelector)?.textContent ?? '';
      // The boot overlay of index.html keeps aria-busy once hidden: it is not a loading list.
      const busy = () => document.querySelector('[aria-busy="true"]:not(#loading-bg), .mantine-Loader-root') !== null;
      const before = first();
      const t0 = performance.now();
      history.pushState(null, '', url);
      const limit = t0 + 20_000;
      await new Promise((resolve) => {
        const tick = () => {
          const now = first();
          if ((now !== '' && now !== before && !busy()) || performance.now() > limit) resolve(undefined);
          else setTimeout(tick, 0);
        };
        tick();
      });
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      return performance.now() > limit ? NaN : performance.now() - t0;
    },
    { url, rowSelector },
  );
}

async function waitRows(page, rowSelector) {
  await page.waitForFunction(
    (s) => document.querySelectorAll(s).length > 0 && !document.querySelector('[aria-busy="true"]:not(#loading-bg)'),
    rowSelector,
    {
      timeout: 120_000,
    },
  );
}

/** One change of the floor's virtualised list (`window.floorList`), timed until its first row changed and a frame went out. */
function floorTimed(page, patch) {
  return page.evaluate(async (patch) => {
    const first = () => document.querySelector('[data-row]')?.textContent ?? '';
    const before = first();
    const t0 = performance.now();
    window.floorList.set(patch);
    const limit = t0 + 20_000;
    await new Promise((resolve) => {
      const tick = () => (first() !== before || performance.now() > limit ? resolve(undefined) : setTimeout(tick, 0));
      tick();
    });
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    return performance.now() > limit ? NaN : performance.now() - t0;
  }, patch);
}

/**
 * The same three interactions on the floor's plain virtualised list, then on the peer users would pick, react-admin's
 * DataTable over ra-data-fakerest (scripts/bench-peer.mjs, `peer`), so every run that times the yardstick times the peer.
 */
async function virtualInteractions(browser, runs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${PORTS.floor}/virtual`);
  await page.waitForSelector('[data-row]');
  const timed = (patch) => floorTimed(page, patch);
  const out = { page: [], sort: [], filter: [] };
  for (let i = 0; i < runs; i += 1) {
    out.page.push(await timed({ offset: (i + 1) * 25 }));
    out.sort.push(await timed({ sort: i % 2 === 0 ? 'desc' : 'asc', offset: 0 }));
    // Alternating statuses: two disjoint sets, so the first row always changes.
    out.filter.push(await timed({ filter: i % 2 === 0 ? 'offline' : 'idle', offset: 0 }));
  }
  await context.close();
  log('react-admin DataTable, 10,000 rows (the peer)…');
  out.peer = await peerInteractions(browser, runs).catch((error) => ({ error: String(error.message ?? error) }));
  return out;
}

/**
 * Issue 46 §2: a first visit at the large seed (fresh context, empty storage): the sign-in form usable, then
 * signed in through it at once (until the signed-in screen's heading), then every row of the seed stored
 * (`mirageStatus.storedAt`; builds before it: `window.server`). Times from the navigation's start.
 */
async function firstVisit(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_SCRIPT(APP_LOGIN_READY));
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`, { waitUntil: 'commit' });
    const loginShownMs = await page.evaluate(() => window.__benchReady);
    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    const signedInMs = await page.evaluate(async () => {
      const overlay = () => document.querySelector('#loading-bg:not(.is-hidden)');
      while (location.pathname.startsWith('/login') || !document.querySelector('main h1, h1') || overlay())
        await new Promise((r) => setTimeout(r, 10));
      return performance.now();
    });
    await page.waitForFunction(seedStored, null, { timeout: 600_000, polling: 200 });
    const storedMs = await page.evaluate(() => window.mirageStatus?.storedAt ?? performance.now());
    const longestTaskMs = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    const answeringMs = await page.evaluate(() => window.mirageStatus?.answeringAt ?? null);
    return { loginShownMs, answeringMs, signedInMs, storedMs, longestTaskMs };
  } finally {
    await context.close();
  }
}

/** `--first-visit [dir…]`: firstVisit in each built large-seed demo directory (default: a build of DIST.large), interleaved. */
async function firstVisits() {
  const i = argv.indexOf('--first-visit');
  const dirs = argv.slice(i + 1).filter((a) => !a.startsWith('--') && existsSync(join(a, 'index.html')));
  if (dirs.length === 0) {
    if (!argv.includes('--no-build'))
      run('npx', ['vite', 'build', '--manifest', '--emptyOutDir', '--outDir', DIST.large], {
        VITE_API_MODE: 'mirage',
        VITE_MOCK_LATENCY_MS: '0',
        VITE_SEED: 'large',
      });
    dirs.push(DIST.large);
  }
  const ports = dirs.map((_, k) => 4160 + k);
  const servers = await Promise.all(dirs.map((d, k) => serve(d, ports[k])));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const load = loadavg()[0];
  const results = Object.fromEntries(dirs.map((d) => [d, []]));
  try {
    for (let run = 0; run < RUNS; run += 1)
      for (let k = 0; k < dirs.length; k += 1) {
        const d = dirs[(k + run) % dirs.length];
        results[d].push(await firstVisit(browser, `http://127.0.0.1:${ports[dirs.indexOf(d)]}`));
        log(`first visit ${d} run ${run + 1}/${RUNS}`);
      }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  console.log(
    `\nnpm run bench -- --first-visit: medians of ${RUNS} runs, load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`,
  );
  for (const d of dirs) {
    const m = (key) => Math.round(median(results[d].map((r) => r[key])));
    console.log(
      `${d}: sign-in form ${m('loginShownMs')} ms (≤ 1000), backend answers ${m('answeringMs')} ms, signed in ${m('signedInMs')} ms (≤ 3000), seed stored ${m('storedMs')} ms, longest task ${m('longestTaskMs')} ms`,
    );
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/first-visit-latest.json', JSON.stringify({ load, results }, null, 2));
}

/** List interactions, issue 9 figures, write cost and seeding at the large seed. */
async function largeSeed(browser, runs) {
  const base = `http://127.0.0.1:${PORTS.large}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_SCRIPT(APP_LOGIN_READY));
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(`${base}/login`);
  const loginShownMs = await page.evaluate(() => window.__benchReady);
  await page.waitForFunction(seedStored, null, { timeout: 600_000, polling: 500 });
  const seedMs = Date.now() - started;
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  const result = { seed: { loginShownMs, seededMs: seedMs, longestTaskMs: longest } };
  // Issue 46 §2: signed in through the form on a first visit of its own (a fresh context).
  result.firstVisit = await firstVisit(browser, base).catch((error) => ({ error: String(error.message ?? error) }));
  // Second visit: the stored database (170,000 rows) is read, checked and adopted in slices; the backend
  // answers sign-in once accounts and sessions are in, and loads the large collections after
  // (docs/persistence.md, "Load order"). The first answer: a sign-in sent as soon as the backend takes
  // requests (window.mirageStatus.answeringAt), timed from the navigation's start (performance.now()).
  const reloaded = Date.now();
  await page.reload({ waitUntil: 'commit' });
  const firstAnswer = await page.evaluate(async () => {
    while (window.mirageStatus?.answeringAt == null) await new Promise((r) => setTimeout(r, 5));
    const sentMs = performance.now();
    const res = await fetch('/api/UserLogin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
      body: JSON.stringify({ params: { username: 'user', password: 'demo1234' } }),
    });
    return { answeringMs: window.mirageStatus.answeringAt, sentMs, answeredMs: performance.now(), status: res.status };
  });
  const secondLoginShownMs = await page.evaluate(() => window.__benchReady);
  await page.waitForFunction(() => window.server !== undefined, null, { timeout: 600_000, polling: 500 });
  result.secondVisit = {
    loginShownMs: secondLoginShownMs,
    // Until window.server: every collection loaded (node's clock from the reload).
    readyMs: Date.now() - reloaded,
    loadedMs: await page.evaluate(() => window.mirageStatus?.loadedAt ?? null),
    answeringMs: firstAnswer.answeringMs,
    firstAnswerMs: firstAnswer.answeredMs,
    signInMs: firstAnswer.answeredMs - firstAnswer.sentMs,
    signInStatus: firstAnswer.status,
    longestTaskMs: await page.evaluate(() => Math.max(0, ...window.__longTasks)),
  };

  const rows = 'table tbody tr';
  await signIn(page, base, 'user', { reload: false });
  await page.evaluate(() => history.pushState(null, '', '/user/manage-service-units'));
  await waitRows(page, rows);
  const units = { page: [], sort: [], filter: [] };
  // Each finds units at Acme (the peer uses the same): a term with no match never changes the first row.
  const terms = ['kiosk', 'lab', 'office', 'depot', 'dispatch', 'scan'];
  for (let i = 0; i < runs; i += 1) {
    units.page.push(await timedNavigation(page, `/user/manage-service-units?page=${i + 2}`, rows));
    units.sort.push(await timedNavigation(page, `/user/manage-service-units?sort=name&order=${i % 2 === 0 ? 'desc' : 'asc'}`, rows));
    units.filter.push(await timedNavigation(page, `/user/manage-service-units?q=${terms[i % terms.length]}`, rows));
  }
  result.units = units;
  result.writeLarge = await writeCost(page, runs);
  result.refreshLarge = null;
  await page.evaluate(() => window.localStorage.clear());

  // Issue 9: the users list and one organization's prediction report.
  await signIn(page, base, 'superadmin');
  await page.evaluate(() => history.pushState(null, '', '/admin/manage-users'));
  await waitRows(page, rows);
  const users = { page: [], sort: [], filter: [] };
  // Surnames of the large seed (mirage/domains/users.ts LAST), each with a different first row: a term the
  // seed lacks gives an empty list whose first row never changes, and the sample would time out.
  const names = ['santos', 'garcia', 'rossi', 'weber', 'costa', 'tanaka'];
  for (let i = 0; i < runs; i += 1) {
    users.page.push(await timedNavigation(page, `/admin/manage-users?page=${i + 2}`, rows));
    users.sort.push(await timedNavigation(page, `/admin/manage-users?sort=lastSignInAt&order=${i % 2 === 0 ? 'desc' : 'asc'}`, rows));
    users.filter.push(await timedNavigation(page, `/admin/manage-users?q=${encodeURIComponent(names[i % names.length])}`, rows));
  }
  result.users = users;
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, base, 'admin');
  const report = [];
  for (let i = 0; i < Math.min(runs, 5); i += 1) {
    await page.evaluate(() => history.pushState(null, '', '/admin/dashboard'));
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(200);
    report.push(await timedNavigation(page, '/admin/reporting/prediction', rows));
  }
  result.report = report;
  // The same write again, minutes after the seed was stored (is the cost the store's work after the bulk seed?).
  result.writeLate = { ...(await writeCost(page, runs)), minutesAfterSeed: Math.round((Date.now() - started - seedMs) / 6000) / 10 };
  await context.close();
  return result;
}

/**
 * Creates to-do tasks through the backend (the write is stored before it answers): time and stored bytes.
 * At least 15 writes whatever --runs says: one IndexedDB commit now and then takes 30-300 ms on a busy
 * machine, and a median of 3 was then that outlier.
 */
async function writeCost(page, runs) {
  const writes = Math.max(runs, 15);
  return page.evaluate(async (runs) => {
    const token = localStorage.getItem('accessToken');
    const times = [];
    const bytes = [];
    const records = [];
    // The IndexedDB commit's share of each write (window.mirageStatus.lastWrite.commitMs).
    const commits = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const res = await fetch('/api/apps/todo/tasks', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ task: { title: `Bench task ${i}`, description: '', dueDate: null, tags: [], isImportant: false } }),
      });
      times.push(performance.now() - t0);
      if (!res.ok) return { error: `${res.status} ${await res.text()}` };
      const last = window.mirageStatus?.lastWrite;
      if (last) {
        bytes.push(last.bytes ?? NaN);
        records.push((last.puts ?? NaN) + (last.deletes ?? 0));
        commits.push(last.commitMs ?? NaN);
      }
    }
    return { times, bytes, records, commits };
  }, writes);
}

/** 50 concurrent calls with an expired token: how many refreshes, and the time over 50 calls with a valid one. */
async function refreshFanOut(page, runs) {
  return page.evaluate(async (runs) => {
    const api = window.demoApiClient;
    if (!api) return { error: 'window.demoApiClient missing' };
    const refreshes = () => (window.mirageRequests ?? []).filter((r) => r.path.endsWith('/refresh-token')).length;
    const batch = () => Promise.all(Array.from({ length: 50 }, () => api.get('/api/me')));
    const valid = [];
    const expired = [];
    const counts = [];
    for (let i = 0; i < runs; i += 1) {
      let t0 = performance.now();
      await batch();
      valid.push(performance.now() - t0);
      const token = localStorage.getItem('accessToken');
      const sessions = window.server.db.sessions;
      for (const row of sessions.where({ accessToken: token })) sessions.update(row.id, { expiresAt: Date.now() - 1000 });
      const before = refreshes();
      t0 = performance.now();
      await batch();
      expired.push(performance.now() - t0);
      counts.push(refreshes() - before);
    }
    return { valid, expired, counts };
  }, runs);
}

// ---------------------------------------------------------------- lighthouse
async function lighthouseRuns() {
  let lighthouse;
  let desktop;
  let launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
    ({ launch } = await import('chrome-launcher'));
  } catch (error) {
    return { error: `lighthouse could not be loaded: ${error.message}` };
  }
  const out = {};
  const targets = [
    { name: '/login (remote build)', base: `http://127.0.0.1:${PORTS.remote}`, path: '/login' },
    { name: '/login (demo build)', base: `http://127.0.0.1:${PORTS.app}`, path: '/login' },
    { name: '/user/dashboard', base: `http://127.0.0.1:${PORTS.app}`, path: '/user/dashboard', user: 'user' },
    { name: '/admin/dashboard', base: `http://127.0.0.1:${PORTS.app}`, path: '/admin/dashboard', user: 'admin' },
    // Every other main screen (issue 46 §1), each under the same goal as the dashboards.
    ...[
      ['/user/manage-service-units', 'user'],
      ['/user/manage-process', 'user'],
      ['/user/manage-screenshots', 'user'],
      ['/user/url-restrictions', 'user'],
      ['/admin/manage-users', 'admin'],
      ['/admin/manage-organizations', 'admin'],
      ['/admin/reporting/prediction', 'admin'],
    ].map(([path, user]) => ({ name: path, base: `http://127.0.0.1:${PORTS.app}`, path, user })),
  ];
  for (const target of targets) {
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ARGS });
    try {
      if (target.user) {
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await cdp.contexts()[0].newPage();
        await signIn(page, target.base, target.user);
        // A returning user's load, not a first visit's: the fresh seed is stored in the background after the
        // sign-in (docs/persistence.md), and a load that interrupts it seeds again (--first-visit measures that).
        await page.waitForFunction(() => window.mirageStatus?.storedAt != null, null, { timeout: 120_000 });
        await page.close();
        await cdp.close();
      }
      const runner = await lighthouse(
        target.base + target.path,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: Boolean(target.user),
        },
        desktop,
      );
      const lhr = runner?.lhr;
      out[target.name] = {
        score: Math.round((lhr?.categories.performance.score ?? NaN) * 100),
        tbtMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? NaN),
        lcpMs: Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? NaN),
        finalUrl: lhr?.finalDisplayedUrl,
        runtimeError: lhr?.runtimeError?.message,
      };
    } catch (error) {
      out[target.name] = { error: String(error.message ?? error) };
    } finally {
      await chrome.kill();
    }
  }
  return out;
}

// ---------------------------------------------------------------- vitest benches (Mirage handlers at the large seed)
function vitestBenches() {
  const file = join(root, 'bench-results', 'vitest-bench.json');
  const r = spawnSync('npx', ['vitest', 'bench', '--run', '--project', 'dom', 'tests/bench/', '--outputJson', file], {
    encoding: 'utf8',
    env: process.env,
  });
  if (r.status !== 0 || !existsSync(file)) return { error: (r.stderr || r.stdout || '').slice(-500) };
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const out = {};
  for (const f of data.files ?? [])
    for (const g of f.groups ?? []) for (const b of g.benchmarks ?? []) out[`${g.fullName}: ${b.name}`] = Math.round(b.median ?? b.mean);
  return out;
}

/** What a run has measured so far (bench-results/partial.json), so a stopped run still leaves its figures. */
function savePartial(results) {
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/partial.json', JSON.stringify(results, null, 2));
}

// ---------------------------------------------------------------- main
/** `--large-only`: only the large-seed figures and the virtualised list (after a full run stopped there). */
async function largeOnly() {
  if (!argv.includes('--no-build')) {
    run('npx', ['vite', 'build', '--manifest', '--emptyOutDir', '--outDir', DIST.large], {
      VITE_API_MODE: 'mirage',
      VITE_MOCK_LATENCY_MS: '0',
      VITE_SEED: 'large',
    });
    run('npx', ['vite', 'build', '--config', 'tests/bench/floor/vite.config.ts', '--outDir', join(root, DIST.floor), '--emptyOutDir']);
  }
  const servers = await Promise.all([serve(DIST.floor, PORTS.floor), serve(DIST.large, PORTS.large)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const results = { runs: RUNS, startedAt: new Date().toISOString(), loadAverage1m: loadavg()[0] };
  try {
    results.virtual = await virtualInteractions(browser, RUNS);
    results.large = await largeSeed(browser, RUNS).catch((error) => ({ error: String(error.message ?? error) }));
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest-large.json', JSON.stringify(results, null, 2));
  const rows = [];
  const add = (figure, value, goal, pass) =>
    rows.push({
      figure,
      value: typeof value === 'number' ? `${Number.isFinite(value) ? Math.round(value * 100) / 100 : 'n/a'}` : String(value),
      goal,
      result: pass === null ? '' : pass ? 'pass' : 'MISS',
    });
  if (results.large && !results.large.error) {
    largeSeedRows(add, results, null);
    add(
      'write commit (IndexedDB), large seed / later (ms)',
      `${median(results.large.writeLarge?.commits ?? [])} / ${median(results.large.writeLate?.commits ?? [])}`,
      '',
      null,
    );
  } else add('large seed figures', results.large?.error ?? 'not run', '', false);
  const w = Math.max(...rows.map((x) => x.figure.length));
  console.log(`\nnpm run bench -- --large-only: medians of ${RUNS} runs, load average ${results.loadAverage1m.toFixed(1)} at the start\n`);
  for (const x of rows) console.log(`${x.figure.padEnd(w)}  ${x.value.padStart(14)}  ${x.goal.padEnd(16)} ${x.result}`);
  console.log('\nJSON: bench-results/latest-large.json');
}

/**
 * `--list-ab <dirA> <dirB>`: the units list's page, sort and search at the large seed in two demo builds (`VITE_SEED=large`,
 * `VITE_MOCK_LATENCY_MS=0`, built beforehand) and on the floor's virtualised list, interleaved in one browser (the order
 * alternates every run), so a change is measured beside the build before it. `--peer` adds react-admin's list after.
 */
async function listAb() {
  const i = argv.indexOf('--list-ab');
  const dirs = [argv[i + 1], argv[i + 2]];
  if (!dirs.every((d) => d && existsSync(join(d, 'index.html')))) throw new Error('--list-ab needs two built demo directories');
  // --floor <dir>: a floor build of one's own (another run may be rebuilding dist-bench-floor).
  const floorDir = arg('--floor', DIST.floor);
  if (!argv.includes('--no-build') && !argv.includes('--floor'))
    run('npx', ['vite', 'build', '--config', 'tests/bench/floor/vite.config.ts', '--outDir', join(root, DIST.floor), '--emptyOutDir']);
  const ports = [PORTS.large, 4184];
  const servers = await Promise.all([serve(floorDir, PORTS.floor), ...dirs.map((d, k) => serve(d, ports[k]))]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const results = { runs: RUNS, dirs, startedAt: new Date().toISOString(), loadAverage1m: loadavg()[0] };
  const rows = 'table tbody tr';
  const terms = ['kiosk', 'lab', 'office', 'depot', 'dispatch', 'scan'];
  try {
    const pages = [];
    for (const port of ports) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/login`);
      await page.waitForFunction(seedStored, null, { timeout: 600_000, polling: 500 });
      await signIn(page, `http://127.0.0.1:${port}`, 'user', { reload: false });
      await page.evaluate(() => history.pushState(null, '', '/user/manage-service-units'));
      await waitRows(page, rows);
      pages.push(page);
      log(`signed in on ${port}`);
    }
    const floorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const floor = await floorContext.newPage();
    await floor.goto(`http://127.0.0.1:${PORTS.floor}/virtual`);
    await floor.waitForSelector('[data-row]');
    const out = { a: { page: [], sort: [], filter: [] }, b: { page: [], sort: [], filter: [] }, floor: { page: [], sort: [], filter: [] } };
    for (let r = 0; r < RUNS; r += 1) {
      const order = r % 2 === 0 ? ['a', 'b', 'floor'] : ['floor', 'b', 'a'];
      for (const who of order) {
        if (who === 'floor') {
          out.floor.page.push(await floorTimed(floor, { offset: (r + 1) * 25 }));
          out.floor.sort.push(await floorTimed(floor, { sort: r % 2 === 0 ? 'desc' : 'asc', offset: 0 }));
          out.floor.filter.push(await floorTimed(floor, { filter: r % 2 === 0 ? 'offline' : 'idle', offset: 0 }));
          continue;
        }
        const page = pages[who === 'a' ? 0 : 1];
        out[who].page.push(await timedNavigation(page, `/user/manage-service-units?page=${r + 2}`, rows));
        out[who].sort.push(await timedNavigation(page, `/user/manage-service-units?sort=name&order=${r % 2 === 0 ? 'desc' : 'asc'}`, rows));
        out[who].filter.push(await timedNavigation(page, `/user/manage-service-units?q=${terms[r % terms.length]}`, rows));
      }
      log(`run ${r + 1}/${RUNS}`);
    }
    await floorContext.close();
    if (argv.includes('--peer'))
      out.peer = await peerInteractions(browser, RUNS).catch((error) => ({ error: String(error.message ?? error) }));
    results.list = out;
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest-list-ab.json', JSON.stringify(results, null, 2));
  const L = results.list;
  console.log(
    `\nnpm run bench -- --list-ab: medians of ${RUNS} interleaved runs, load average ${results.loadAverage1m.toFixed(1)} at the start`,
  );
  console.log(`A = ${dirs[0]}, B = ${dirs[1]}\n`);
  for (const kind of ['page', 'sort', 'filter']) {
    const [a, b, f] = [median(L.a[kind]), median(L.b[kind]), median(L.floor[kind])];
    const peer = L.peer && !L.peer.error ? `, react-admin ${median(L.peer[kind]).toFixed(1)}` : '';
    console.log(
      `units list ${kind}: A ${a.toFixed(1)} ms (${(a / f).toFixed(2)}×), B ${b.toFixed(1)} ms (${(b / f).toFixed(2)}×), virtualised ${f.toFixed(1)} ms${peer}`,
    );
  }
  if (L.peer?.error) console.log(`react-admin: ${L.peer.error}`);
  console.log('\nJSON: bench-results/latest-list-ab.json');
}

async function main() {
  if (argv.includes('--large-only')) return largeOnly();
  if (argv.includes('--first-visit')) return firstVisits();
  if (argv.includes('--list-ab')) return listAb();
  const t0 = Date.now();
  const load = loadavg()[0];
  if (!argv.includes('--no-build')) build();
  const size = sizes();
  const floorServer = await serve(DIST.floor, PORTS.floor);
  const servers = await Promise.all([serve(DIST.app, PORTS.app), ...(QUICK || BOOT ? [] : [serve(DIST.large, PORTS.large)])]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const results = { quick: QUICK, boot: BOOT, runs: RUNS, startedAt: new Date().toISOString(), loadAverage1m: load, cpus: cpus().length };
  try {
    // First screen, interleaved: app /login vs the floor's rows page, alternating who goes first.
    const first = { app: { cold: [], warm: [] }, floor: { cold: [], warm: [] }, app404: { cold: [], warm: [] } };
    for (let i = 0; i < RUNS; i += 1) {
      const order = i % 2 === 0 ? ['app', 'floor'] : ['floor', 'app'];
      for (const who of order) {
        const r =
          who === 'app'
            ? await firstScreen(browser, `http://127.0.0.1:${PORTS.app}`, '/login', APP_LOGIN_READY)
            : await firstScreen(browser, `http://127.0.0.1:${PORTS.floor}`, '/', FLOOR_READY);
        first[who].cold.push(r.cold);
        first[who].warm.push(r.warm);
      }
      if (!QUICK && i < 5) {
        const r = await firstScreen(browser, `http://127.0.0.1:${PORTS.app}`, '/pages/error-404', APP_PAGE_READY);
        first.app404.cold.push(r.cold);
        first.app404.warm.push(r.warm);
      }
      log(`first screen run ${i + 1}/${RUNS}`);
    }
    results.firstScreen = first;
    savePartial(results);

    // Issue 46 §4: the JS /login fetches in its first 3 s, cold, remote build (bytes: two runs, the larger).
    const remoteServer = await serve(DIST.remote, PORTS.remoteFetch);
    try {
      const runs = [];
      for (let i = 0; i < 2; i += 1) runs.push(await fetchedJs(browser, `http://127.0.0.1:${PORTS.remoteFetch}/login`));
      results.loginFetched = runs.sort((a, b) => b.bytes - a.bytes)[0];
    } finally {
      remoteServer.closeAllConnections();
      remoteServer.close();
    }

    // Default seed: write cost and the 401 fan-out, signed in as the demo user.
    if (!BOOT) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, `http://127.0.0.1:${PORTS.app}`, 'user');
      results.writeDefault = await writeCost(page, QUICK ? 5 : RUNS);
      results.refresh = await refreshFanOut(page, QUICK ? 3 : 5);
      await context.close();
    }
    if (!QUICK && !BOOT) {
      log('virtualised 10,000-row list…');
      results.virtual = await virtualInteractions(browser, RUNS);
      log('large seed (seeding, lists, writes, admin figures)…');
      savePartial(results);
      results.large = await largeSeed(browser, RUNS).catch((error) => ({ error: String(error.message ?? error) }));
      savePartial(results);
    }
  } finally {
    await browser.close();
  }
  floorServer.closeAllConnections();
  await new Promise((resolve) => floorServer.close(resolve));
  if (!QUICK && !argv.includes('--no-lighthouse')) {
    log('lighthouse…');
    servers.push(await serve(DIST.remote, PORTS.remote));
    results.lighthouse = await lighthouseRuns();
  }
  for (const s of servers) s.close();
  if (!QUICK && !BOOT && !argv.includes('--no-vitest')) {
    log('vitest benches (Mirage handlers at the large seed)…');
    results.handlers = vitestBenches();
  }
  results.sizes = {
    loginJsKb: kb(size.remote.routes.find((r) => r.path === '/login')?.initialJsGz ?? NaN),
    loginCssKb: kb(size.remote.routes.find((r) => r.path === '/login')?.initialCssGz ?? NaN),
    entryJsKb: kb(size.remote.entry.js.gz),
    floorJsKb: kb(size.floorJs.js),
    floorCssKb: kb(size.floorJs.css),
    routes: size.remote.routes.map((r) => ({
      path: r.path,
      initialJsKb: kb(r.initialJsGz),
      initialCssKb: kb(r.initialCssGz),
      ownChunkKb: kb(r.ownGz),
      shellKb: kb(r.shellGz ?? 0),
    })),
    largestChunks: size.remote.chunks.slice(0, 8).map((c) => ({ file: c.file, kb: kb(c.gz) })),
    leaks: size.leaks,
    entryPackages: size.entryPackages,
  };
  results.durationS = Math.round((Date.now() - t0) / 1000);
  const { rows, failures } = table(results);
  mkdirSync('bench-results', { recursive: true });
  const name = `bench-results/bench-${QUICK ? 'quick-' : ''}${results.startedAt.replace(/[:.]/g, '-')}.json`;
  writeFileSync(name, JSON.stringify({ ...results, table: rows, failures }, null, 2));
  writeFileSync(`bench-results/latest${QUICK ? '-quick' : ''}.json`, JSON.stringify({ ...results, table: rows, failures }, null, 2));
  print(rows, results);
  if (!QUICK && !BOOT && !argv.includes('--no-server')) serverSection();
  console.log(`\nJSON: ${name}  (${results.durationS} s, load average ${load.toFixed(1)} on ${results.cpus} cores at the start)`);
  if (failures.length > 0) {
    console.log(`\nBUDGET BREACHES${QUICK ? ' (beyond noise)' : ''}:\n- ${failures.join('\n- ')}`);
    if (QUICK) process.exitCode = 1;
  }
}

/** One row per figure: what, measured, goal, ratio, pass/miss. Quick-mode failures: bytes and ratios only. */
function table(r) {
  const rows = [];
  const failures = [];
  const add = (figure, value, goal, pass, { gate = false, unit = '' } = {}) => {
    const shown = typeof value === 'number' ? `${Number.isFinite(value) ? Math.round(value * 100) / 100 : 'n/a'}${unit}` : String(value);
    rows.push({ figure, value: shown, goal, result: pass === null ? '' : pass ? 'pass' : 'MISS' });
    if (gate && pass === false) failures.push(`${figure}: ${shown} (goal ${goal})`);
  };
  const s = r.sizes;
  add('/login initial JS, remote mode (KB gz)', s.loginJsKb, `≤ ${GOALS.loginJsKb}`, s.loginJsKb <= GOALS.loginJsKb);
  if (s.loginJsKb > (CEILINGS.loginJsKb ?? GOALS.loginJsKb))
    failures.push(`/login initial JS ${s.loginJsKb} KB > ceiling ${CEILINGS.loginJsKb} KB`);
  if (r.loginFetched) {
    const fetched = kb(r.loginFetched.bytes);
    add(
      '/login JS fetched in its first 3 s, cold, remote (KB gz)',
      fetched,
      `≤ ${GOALS.loginFetchedJsKb}`,
      fetched <= GOALS.loginFetchedJsKb,
      {
        gate: true,
      },
    );
  }
  add('/login initial CSS, remote mode (KB gz)', s.loginCssKb, `≤ ${GOALS.loginCssKb}`, s.loginCssKb <= GOALS.loginCssKb, { gate: true });
  add('  floor app initial JS / CSS (KB gz)', `${s.floorJsKb} / ${s.floorCssKb}`, '', null);
  const biggest = [...s.routes].sort((a, b) => b.ownChunkKb - a.ownChunkKb)[0];
  add(
    `largest route chunk (${biggest?.path}) (KB gz)`,
    biggest?.ownChunkKb ?? NaN,
    `≤ ${GOALS.routeChunkKb}`,
    (biggest?.ownChunkKb ?? 0) <= GOALS.routeChunkKb,
    { gate: true },
  );
  add(
    'Mirage/charts/explorer/oidc outside their routes',
    s.leaks.length === 0 ? 'none' : s.leaks.join('; '),
    'none',
    s.leaks.length === 0,
    { gate: true },
  );
  const fs = r.firstScreen;
  const ratio = (a, b) => median(a) / median(b);
  const cold = ratio(fs.app.cold, fs.floor.cold);
  const warm = ratio(fs.app.warm, fs.floor.warm);
  add('first screen cold: app /login (ms)', median(fs.app.cold), '', null);
  add('first screen cold: floor rows (ms)', median(fs.floor.cold), '', null);
  add('first screen cold ratio (app / floor)', cold, `≤ ${GOALS.coldRatio}`, cold <= GOALS.coldRatio, {});
  add('first screen warm: app /login (ms)', median(fs.app.warm), '', null);
  add('first screen warm: floor rows (ms)', median(fs.floor.warm), '', null);
  add('first screen warm ratio (app / floor)', warm, `≤ ${GOALS.warmRatio}`, warm <= GOALS.warmRatio, {});
  const coldLimit = (CEILINGS.coldRatio ?? GOALS.coldRatio) * NOISE;
  const warmLimit = (CEILINGS.warmRatio ?? GOALS.warmRatio) * NOISE;
  // On an overloaded machine (load above twice the cores) the ratios are noise, so a breach is reported, not
  // failed. Bytes and the refresh count always gate.
  const overloaded = r.loadAverage1m > 2 * r.cpus;
  const ratioFailures = [];
  if (cold > coldLimit)
    ratioFailures.push(`first screen cold ratio ${cold.toFixed(2)} > ${coldLimit.toFixed(2)} (ceiling × noise ${NOISE})`);
  // The warm ratio is reported, never gated: the floor's warm paint is so short that scheduling alone swings
  // it between runs of the same build (docs/performance.md, Quick mode); the cold ratio is steady and gates.
  if (warm > warmLimit)
    console.log(
      `warning (warm ratio is not gated): first screen warm ratio ${warm.toFixed(2)} > ${warmLimit.toFixed(2)} (ceiling × noise ${NOISE})`,
    );
  if (overloaded) {
    for (const f of ratioFailures) console.log(`warning (load ${r.loadAverage1m.toFixed(1)} on ${r.cpus} cores, not failed): ${f}`);
  } else failures.push(...ratioFailures);
  if (fs.app404.cold.length > 0)
    add(
      'first visit /pages/error-404 cold / warm (ms)',
      `${Math.round(median(fs.app404.cold))} / ${Math.round(median(fs.app404.warm))}`,
      '',
      null,
    );

  const wd = r.writeDefault ?? {};
  add('write (create a task), default seed (ms)', median(wd.times ?? []), '', null);
  add('  stored per write, default seed (records / bytes)', `${median(wd.records ?? [])} / ${median(wd.bytes ?? [])}`, '', null);
  const rf = r.refresh ?? {};
  const refreshCounts = rf.counts ?? [];
  add(
    '50 concurrent 401s → refresh calls (each run)',
    refreshCounts.join(', ') || rf.error || 'n/a',
    '1',
    refreshCounts.length > 0 && refreshCounts.every((c) => c === 1),
    { gate: !r.boot },
  );
  add(
    '  50 calls, valid token / expired token (ms)',
    `${Math.round(median(rf.valid ?? []))} / ${Math.round(median(rf.expired ?? []))}`,
    '',
    null,
  );
  add('  refresh overhead (ms)', median(rf.expired ?? []) - median(rf.valid ?? []), '', null);

  if (r.virtual && r.large && !r.large.error) {
    largeSeedRows(add, r, wd ?? {});
  } else if (!r.quick && !r.boot) {
    add('large seed figures', r.large?.error ?? 'not run', '', false);
  }
  for (const [name, v] of Object.entries(r.lighthouse ?? {})) {
    if (name === 'error') {
      add('lighthouse', v, '', false);
      continue;
    }
    if (v.error || v.runtimeError) add(`lighthouse ${name}`, v.error ?? v.runtimeError, '', false);
    else {
      add(`lighthouse ${name}: performance`, v.score, `≥ ${GOALS.lighthouseScore}`, v.score >= GOALS.lighthouseScore);
      add(`lighthouse ${name}: TBT (ms)`, v.tbtMs, `≤ ${GOALS.lighthouseTbtMs}`, v.tbtMs <= GOALS.lighthouseTbtMs);
    }
  }
  for (const [name, v] of Object.entries(r.handlers ?? {}))
    add(`handler ${name.replace(/^.*?\.bench\.ts > /, '')} (ms)`.slice(0, 100), v, '', null);
  return { rows, failures };
}

/** The large-seed rows of the table (issue 12's lists and seeding, issue 9's admin figures), pass or miss. */
function largeSeedRows(add, r, wd) {
  const L = r.large;
  add('large seed: login form shown on first visit (ms)', L.seed.loginShownMs, '', null);
  add('large seed: first-load seed stored (ms)', L.seed.seededMs, 'in the background', null);
  if (L.firstVisit && !L.firstVisit.error) {
    add('large seed, first visit: sign-in form usable (ms)', L.firstVisit.loginShownMs, '≤ 1000', L.firstVisit.loginShownMs <= 1000);
    add('large seed, first visit: signed in (ms)', L.firstVisit.signedInMs, '≤ 3000', L.firstVisit.signedInMs <= 3000);
  } else add('large seed, first visit: signed in', L.firstVisit?.error ?? 'not run', '≤ 3000', false);
  add('large seed: longest main-thread task while seeding (ms)', L.seed.longestTaskMs, 'no frozen page', L.seed.longestTaskMs < 1000);
  if (L.secondVisit) {
    const v = L.secondVisit;
    // Issue 23 §2: the backend answers the first screen's requests before the big collections are in (docs/persistence.md).
    add('large seed, second visit: backend answers from (ms)', v.answeringMs, '', null);
    add(
      'large seed, second visit: first sign-in answered (ms)',
      v.firstAnswerMs,
      '< 1000',
      v.firstAnswerMs < 1000 && v.signInStatus === 200,
    );
    add('  the sign-in itself (ms)', v.signInMs, '', null);
    add('large seed, second visit: every collection loaded (ms)', v.loadedMs ?? v.readyMs, 'in the background', null);
    add(
      'large seed, second visit: longest main-thread task (ms)',
      L.secondVisit.longestTaskMs,
      'no frozen page',
      L.secondVisit.longestTaskMs < 1000,
    );
  }
  const peer = r.virtual.peer ?? { error: 'not run' };
  for (const kind of ['page', 'sort', 'filter']) {
    const app = median(L.units[kind]);
    const floor = median(r.virtual[kind]);
    add(`units list ${kind} (10,000): app / virtualised list (ms)`, `${Math.round(app)} / ${Math.round(floor * 10) / 10}`, '', null);
    add(`  ratio`, app / floor, `≤ ${GOALS.listRatio}`, app / floor <= GOALS.listRatio);
    if (peer.error) add(`units list ${kind}: react-admin DataTable (ms)`, peer.error, '', false);
    else {
      const ra = median(peer[kind]);
      add(`units list ${kind}: react-admin DataTable (ms)`, ra, '', null);
      add(`  ratio (app / react-admin, react-admin / virtualised)`, `${(app / ra).toFixed(2)} / ${(ra / floor).toFixed(2)}`, '', null);
    }
  }
  const wl = L.writeLarge ?? {};
  add('write (create a task), large seed (ms)', median(wl.times ?? []), '', null);
  add('  stored per write, large seed (records / bytes)', `${median(wl.records ?? [])} / ${median(wl.bytes ?? [])}`, '', null);
  if (L.writeLate)
    add(`write, large seed, ${L.writeLate.minutesAfterSeed} min after seeding (ms)`, median(L.writeLate.times ?? []), '', null);
  // --large-only measures no default-seed write (wd null): no ratio then.
  if (wd) {
    const wr = median(wl.times ?? []) / median(wd.times ?? []);
    add('  write time ratio (large / default)', wr, `≤ ${GOALS.writeRatio} (noise)`, wr <= GOALS.writeRatio);
  }
  for (const kind of ['page', 'sort', 'filter']) {
    const v = median(L.users[kind]);
    add(`users list ${kind} (50,000 users) (ms)`, v, `< ${GOALS.usersListMs}`, v < GOALS.usersListMs);
  }
  const rep = median(L.report);
  add('prediction report, one organization (ms)', rep, `< ${GOALS.reportMs}`, rep < GOALS.reportMs);
}

/** The server sections (scripts/bench-server.mjs, scripts/bench-agents.mjs): need a real PostgreSQL, named by BENCH_DATABASE_URL. */
function serverSection() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log(
      '\nServer section skipped: set BENCH_DATABASE_URL=postgres://… (a role that may create databases), or run npm run bench:server.',
    );
    return;
  }
  log('server on PostgreSQL (bench-server.mjs)…');
  const run = spawnSync(process.execPath, ['scripts/bench-server.mjs'], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`\nServer section failed (exit ${run.status}).`);
  // Live agents (issue 24 §4): 10,000+ simulated agents heartbeating, and the badge delay in the remote build built above.
  log('live agents on PostgreSQL (bench-agents.mjs)…');
  const agents = spawnSync(process.execPath, ['scripts/bench-agents.mjs', '--dist', DIST.remote], { stdio: 'inherit' });
  if (agents.status !== 0) console.log(`\nLive agents section failed (exit ${agents.status}).`);
}

function print(rows, r) {
  const w = Math.max(...rows.map((x) => x.figure.length));
  const v = Math.max(...rows.map((x) => x.value.length));
  console.log(
    `\nnpm run bench${r.quick ? ' --quick' : ''}: medians of ${r.runs} interleaved runs, Debian Chromium (${r.cpus} cores, load ${r.loadAverage1m.toFixed(1)})\n`,
  );
  console.log(`${'figure'.padEnd(w)}  ${'measured'.padStart(v)}  ${'goal'.padEnd(16)} result`);
  for (const x of rows) console.log(`${x.figure.padEnd(w)}  ${x.value.padStart(v)}  ${x.goal.padEnd(16)} ${x.result}`);
  console.log(
    '\nJS per route, remote mode (KB gz): initial = entry + route closure [+ app shell for signed-in routes]; own = the route chunk',
  );
  for (const route of r.sizes.routes)
    console.log(
      `  ${route.path.padEnd(30)} initial ${String(route.initialJsKb).padStart(6)}  css ${String(route.initialCssKb).padStart(5)}  own ${String(route.ownChunkKb).padStart(5)}`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
