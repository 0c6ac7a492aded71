/* global document, location, requestAnimationFrame */
// Functions passed to page.evaluate run in the browser: the globals above are the page's.
/**
 * The peer of the units list (issue 23 §2): react-admin's `<List>` + `<DataTable>` over ra-data-fakerest with 10,000
 * units (tests/bench/peer/), timed on the same page change, sort and search as the app's list and the floor's
 * virtualised list (scripts/bench.mjs, virtualInteractions). Builds the page into dist-bench-peer (unless --no-build
 * and a build is there) and serves it on port 4183 for the run. The peer is a package of its own
 * (tests/bench/peer/package.json and its lockfile): react-admin and Material UI were 44 % of a full install's files,
 * and only this comparison needs them, so it installs them on first use, not `npm ci`.
 *
 *   node scripts/bench-peer.mjs [--runs N] [--no-build]   the peer alone, its samples as JSON
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './bench-static.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = 4183;
const DIST = join(root, 'dist-bench-peer');
const PEER = join(root, 'tests/bench/peer');
// Search terms with units behind them, each with another first row (fakerest's `q` does not search the tags, and no
// unit of the large seed's Acme has 'pos' in it): a search without results would leave no first row to time.
const TERMS = ['kiosk', 'lab', 'office', 'depot', 'dispatch', 'scan'];

/** `npm ci` in the peer's folder when it has not been installed from its current lockfile: the lockfile pins what is timed. */
function installPeer() {
  const installed = join(PEER, 'node_modules/.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(PEER, 'package-lock.json')).mtimeMs) return;
  console.error('Installing the peer (tests/bench/peer: react-admin, ra-data-fakerest), once…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('installing the peer (npm ci in tests/bench/peer) failed');
  }
}

function buildPeer() {
  installPeer();
  // Strict TypeScript like the rest of the tree, which leaves this folder out (tsconfig.json).
  const check = spawnSync('npx', ['tsc', '-p', PEER], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (check.status !== 0) {
    console.error(check.stdout, check.stderr);
    throw new Error('the peer (tests/bench/peer) does not type-check');
  }
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--config', join(root, 'tests/bench/peer/vite.config.ts'), '--outDir', DIST, '--emptyOutDir'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('building the peer (tests/bench/peer) failed');
  }
}

const servePeer = () => serveStatic(DIST, PORT);

/** The list's URL: react-admin reads page, sort and filter from the hash's query. */
const listUrl = ({ page = 1, order = 'ASC', q }) =>
  `#/units?${new URLSearchParams({ page: String(page), perPage: '25', sort: 'name', order, filter: JSON.stringify(q ? { q } : {}) })}`;

/**
 * Page change, sort and search on the peer, each timed like virtualInteractions: from the change of the URL until the
 * first row's text changed, plus one animation frame. Every step sets the whole query, as the app's bench does.
 */
export async function peerInteractions(browser, runs) {
  if (!process.argv.includes('--no-build') || !existsSync(join(DIST, 'index.html'))) buildPeer();
  const server = await servePeer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/${listUrl({})}`);
    await page.waitForSelector('tbody tr td', { timeout: 60_000 });
    await page.waitForTimeout(300);
    const timed = (hash) =>
      page.evaluate(async (hash) => {
        const first = () => document.querySelector('tbody tr')?.textContent ?? '';
        const before = first();
        const t0 = performance.now();
        location.hash = hash;
        const limit = t0 + 20_000;
        await new Promise((resolve) => {
          const tick = () => {
            const now = first();
            if ((now !== '' && now !== before) || performance.now() > limit) resolve(undefined);
            else setTimeout(tick, 0);
          };
          tick();
        });
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
        return performance.now() > limit ? NaN : performance.now() - t0;
      }, hash);
    const out = { page: [], sort: [], filter: [], rowsShown: 0 };
    for (let i = 0; i < runs; i += 1) {
      out.page.push(await timed(listUrl({ page: i + 2 })));
      out.sort.push(await timed(listUrl({ order: i % 2 === 0 ? 'DESC' : 'ASC' })));
      out.filter.push(await timed(listUrl({ q: TERMS[i % TERMS.length] })));
    }
    await page.waitForTimeout(100);
    out.rowsShown = await page.evaluate(() => document.querySelectorAll('tbody tr').length);
    return out;
  } finally {
    await context.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { chromium } = await import('playwright-core');
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 9;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(JSON.stringify(await peerInteractions(browser, runs), null, 2));
  } finally {
    await browser.close();
  }
}
