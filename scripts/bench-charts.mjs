#!/usr/bin/env node
/* global window */
// Functions passed to page.evaluate run in the browser: the globals above are the page's.
/**
 * The admin dashboard's trend chart, Recharts against uPlot (issue 23 §2; docs/performance.md, Lighthouse).
 *
 *   node scripts/bench-charts.mjs --runs 5            mount time and longest task of each, medians and ratios
 *   node scripts/bench-charts.mjs --lighthouse dist-a,dist-b [--runs 3]
 *                                                     Lighthouse on both dashboards of each demo build, interleaved
 *   options: --no-build (reuse dist-bench-charts), --json
 *
 * `chartsBench({ runs })` builds the page in tests/bench/charts/ (the same 30-point stacked area chart with
 * @mantine/charts' AreaChart, as the dashboard drew it, and with src/components/charts/day-chart.tsx),
 * serves it and mounts each chart once per fresh page in Debian Chromium, the two libraries alternating. Per
 * library: the time from the render call to the first frame painted with the chart drawn, and the longest
 * main-thread task in that time (PerformanceObserver 'longtask': tasks under 50 ms are not reported, so 0 means
 * "none of 50 ms or more"), and the longest busy stretch of the main thread, shorter tasks included (the longest
 * wait of a message loop kept running during the mount: a task plus the frame rendered right after it). Each
 * library's chunk is loaded before the clock starts.
 *
 * `dashboardLighthouse({ dists, runs })` runs Lighthouse (desktop preset, performance only, as lighthouseRuns in
 * scripts/bench.mjs) on /admin/dashboard and /user/dashboard of each demo-mode build (made with
 * VITE_MOCK_LATENCY_MS=0, like dist-bench-app), signed in first in the same browser, the builds interleaved.
 * Everything is served on port 4181 (BENCH_CHARTS_PORT).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './bench-static.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--no-first-run'];
const PORT = Number(process.env.BENCH_CHARTS_PORT ?? 4181);
const DIST = 'dist-bench-charts';
const LIBS = ['recharts', 'uplot'];

const log = (...a) => console.error('[bench-charts]', ...a);
const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const serve = (dir, port = PORT) => serveStatic(dir, port);

async function close(server) {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
}

function build() {
  const r = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'tests/bench/charts/vite.config.ts', '--outDir', join(root, DIST), '--emptyOutDir'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (r.status !== 0) throw new Error(`building the charts page failed:\n${r.stdout}\n${r.stderr}`);
}

/** One mount of one library in a fresh page. */
async function mountOnce(browser, lib) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/?lib=${lib}`);
    await page.evaluate(() => window.chartsReady);
    // Let the load's own work (parsing, the first paint of the empty page) settle before the clock starts.
    await page.waitForTimeout(300);
    return await page.evaluate(() => window.mountChart());
  } finally {
    await context.close();
  }
}

/**
 * Recharts against uPlot: medians of `runs` mounts each, and the ratios Recharts / uPlot.
 * @param {{ runs?: number, build?: boolean }} [options]
 */
export async function chartsBench({ runs = 5, build: doBuild = true } = {}) {
  if (doBuild || !existsSync(join(root, DIST, 'index.html'))) {
    log('building tests/bench/charts…');
    build();
  }
  const load = loadavg()[0];
  const server = await serve(DIST);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const samples = { recharts: [], uplot: [] };
  try {
    for (let i = 0; i < runs; i += 1) {
      for (const lib of i % 2 === 0 ? LIBS : [...LIBS].reverse()) samples[lib].push(await mountOnce(browser, lib));
      log(`run ${i + 1}/${runs}`);
    }
  } finally {
    await browser.close();
    await close(server);
  }
  const summary = (lib) => ({
    mountMs: round(median(samples[lib].map((s) => s.mountMs))),
    longestTaskMs: median(samples[lib].map((s) => s.longestTaskMs)),
    longestBusyMs: round(median(samples[lib].map((s) => s.longestBusyMs))),
    mountSamplesMs: samples[lib].map((s) => round(s.mountMs)),
    longestTaskSamplesMs: samples[lib].map((s) => s.longestTaskMs),
    longestBusySamplesMs: samples[lib].map((s) => round(s.longestBusyMs)),
  });
  const recharts = summary('recharts');
  const uplot = summary('uplot');
  return {
    runs,
    loadAverage1m: round(load, 2),
    loadAverage1mAfter: round(loadavg()[0], 2),
    recharts,
    uplot,
    // Recharts / uPlot: how many times longer Recharts takes. A longest task of 0 (none ≥ 50 ms) gives no ratio.
    mountRatio: round(recharts.mountMs / uplot.mountMs, 2),
    longestTaskRatio: uplot.longestTaskMs > 0 ? round(recharts.longestTaskMs / uplot.longestTaskMs, 2) : null,
    longestBusyRatio: round(recharts.longestBusyMs / uplot.longestBusyMs, 2),
  };
}

async function signIn(page, base, username) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 300_000 });
  await page.locator('h1').first().waitFor({ timeout: 120_000 });
}

/**
 * Lighthouse (desktop preset, performance) on both dashboards of each demo build in `dists`, `runs` times,
 * the builds interleaved; per build and page the score and TBT of each run and their medians.
 * @param {{ dists: string[], runs?: number, paths?: { path: string, user: string }[] }} options
 */
export async function dashboardLighthouse({
  dists,
  runs = 1,
  paths = [
    { path: '/admin/dashboard', user: 'admin' },
    { path: '/user/dashboard', user: 'user' },
  ],
}) {
  const lighthouse = (await import('lighthouse')).default;
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  const { launch } = await import('chrome-launcher');
  const base = `http://127.0.0.1:${PORT}`;
  const out = {};
  for (let i = 0; i < runs; i += 1) {
    for (const dist of i % 2 === 0 ? dists : [...dists].reverse()) {
      const server = await serve(dist);
      try {
        for (const { path, user } of paths) {
          const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ARGS });
          const entry = ((out[dist] ??= {})[path] ??= { score: [], tbtMs: [], lcpMs: [], loadAverage1m: [] });
          try {
            const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
            const page = await cdp.contexts()[0].newPage();
            await signIn(page, base, user);
            await page.close();
            await cdp.close();
            entry.loadAverage1m.push(round(loadavg()[0], 2));
            const runner = await lighthouse(
              base + path,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
              desktop,
            );
            const lhr = runner?.lhr;
            if (lhr?.runtimeError) throw new Error(lhr.runtimeError.message);
            entry.score.push(Math.round((lhr?.categories.performance.score ?? NaN) * 100));
            entry.tbtMs.push(Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? NaN));
            entry.lcpMs.push(Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? NaN));
          } catch (error) {
            (entry.errors ??= []).push(String(error.message ?? error));
          } finally {
            await chrome.kill();
          }
          log(`lighthouse ${dist} ${path} run ${i + 1}/${runs}: score ${entry.score.at(-1)}, TBT ${entry.tbtMs.at(-1)} ms`);
        }
      } finally {
        await close(server);
      }
    }
  }
  for (const pages of Object.values(out))
    for (const entry of Object.values(pages)) {
      entry.medianScore = median(entry.score);
      entry.medianTbtMs = median(entry.tbtMs);
    }
  return out;
}

async function main() {
  const argv = process.argv.slice(2);
  const arg = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const runs = Number(arg('--runs', 5));
  const json = argv.includes('--json');
  const dists = arg('--lighthouse', null);
  if (dists) {
    const result = await dashboardLighthouse({ dists: dists.split(','), runs });
    if (json) return console.log(JSON.stringify(result, null, 2));
    for (const [dist, pages] of Object.entries(result))
      for (const [path, e] of Object.entries(pages))
        console.log(
          `${dist.padEnd(22)} ${path.padEnd(17)} score ${String(e.medianScore).padStart(4)} (${e.score.join(', ')})  TBT ${String(e.medianTbtMs).padStart(4)} ms (${e.tbtMs.join(', ')})  load ${e.loadAverage1m.join(', ')}${e.errors ? `  errors: ${e.errors.join('; ')}` : ''}`,
        );
    return undefined;
  }
  const r = await chartsBench({ runs, build: !argv.includes('--no-build') });
  if (json) return console.log(JSON.stringify(r, null, 2));
  console.log(
    `\nThe 30-day trend, mounted once per page: medians of ${r.runs} runs, load average ${r.loadAverage1m} → ${r.loadAverage1mAfter}\n`,
  );
  console.log(`${''.padEnd(34)}${'Recharts'.padStart(10)}${'uPlot'.padStart(10)}${'ratio'.padStart(8)}`);
  console.log(
    `${'mount to first paint (ms)'.padEnd(34)}${String(r.recharts.mountMs).padStart(10)}${String(r.uplot.mountMs).padStart(10)}${String(r.mountRatio).padStart(8)}`,
  );
  console.log(
    `${'longest task, ≥ 50 ms only (ms)'.padEnd(34)}${String(r.recharts.longestTaskMs).padStart(10)}${String(r.uplot.longestTaskMs).padStart(10)}${String(r.longestTaskRatio ?? '—').padStart(8)}`,
  );
  console.log(
    `${'longest busy stretch (ms)'.padEnd(34)}${String(r.recharts.longestBusyMs).padStart(10)}${String(r.uplot.longestBusyMs).padStart(10)}${String(r.longestBusyRatio).padStart(8)}`,
  );
  console.log(`\nsamples: Recharts mount ${r.recharts.mountSamplesMs.join(', ')}; uPlot mount ${r.uplot.mountSamplesMs.join(', ')}`);
  console.log(
    `         Recharts longest ${r.recharts.longestTaskSamplesMs.join(', ')}; uPlot longest ${r.uplot.longestTaskSamplesMs.join(', ')}`,
  );
  console.log(
    `         Recharts busy ${r.recharts.longestBusySamplesMs.join(', ')}; uPlot busy ${r.uplot.longestBusySamplesMs.join(', ')}`,
  );
  return undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
