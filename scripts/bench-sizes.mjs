/**
 * Bytes per route from a Vite build's manifest (build.manifest / --manifest): the initial JS and CSS of
 * each route (entry closure + the route chunk's static closure), gzipped, and the route's own chunk.
 * Usage: node scripts/bench-sizes.mjs <distDir> [--json]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Route paths and the module each one loads, read from src/app/routes.ts. */
export function routeModules(root = '.') {
  const text = readFileSync(join(root, 'src/app/routes.ts'), 'utf8');
  // Signed-in pages: `load: signedIn('<path>')`, their import() in src/app/signed-in-pages.ts.
  const signedIn = new Map();
  for (const m of readFileSync(join(root, 'src/app/signed-in-pages.ts'), 'utf8').matchAll(
    /'([^']+)':\s*\(\)\s*=>\s*import\('@\/([^']+)'\)/g,
  ))
    signedIn.set(m[1], m[2]);
  const out = [];
  // One route object may span several lines; the match stops before the next route's path.
  const re = /path:\s*'([^']+)'(?:(?!path:)[\s\S])*?(?:import\('@\/([^']+)'\)|signedIn\('([^']+)'\))/g;
  for (const m of text.matchAll(re)) {
    const module = m[2] ?? signedIn.get(m[3]);
    if (module) out.push({ path: m[1], module: `src/${module}`, bare: /bare:\s*true/.test(m[0]) });
  }
  return out;
}

export function analyse(dist, root = '.') {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const sizeCache = new Map();
  const size = (file) => {
    if (!sizeCache.has(file)) {
      const buf = readFileSync(join(dist, file));
      sizeCache.set(file, { raw: buf.length, gz: gz(buf) });
    }
    return sizeCache.get(file);
  };
  const keyOf = (src) => Object.keys(manifest).find((k) => k === src || k.startsWith(`${src}.`));
  /** Static closure of a manifest entry: its file, the files it imports statically, and their CSS. */
  const closure = (key, js = new Set(), css = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return { js, css };
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) closure(i, js, css);
    return { js, css };
  };
  const sum = (files) => [...files].reduce((a, f) => ({ raw: a.raw + size(f).raw, gz: a.gz + size(f).gz }), { raw: 0, gz: 0 });
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure(entryKey);
  const entryJs = sum(entry.js);
  const entryCss = sum(entry.css);
  // Signed-in routes also load the app shell and the overlays chunk (src/app/router.tsx), and the signed-in
  // pages' loaders (src/app/signed-in-pages.ts).
  const shellKeys = ['src/app/layout/app-layout.tsx', 'src/app/overlays.tsx', 'src/app/signed-in-pages.ts'].map(keyOf).filter(Boolean);
  const routes = routeModules(root).map(({ path, module, bare }) => {
    const key = keyOf(module);
    if (!key) return { path, module, missing: true };
    const own = size(manifest[key].file);
    const seedJs = new Set(entry.js);
    const seedCss = new Set(entry.css);
    if (!bare) for (const k of shellKeys) closure(k, seedJs, seedCss);
    const { js, css } = closure(key, seedJs, seedCss);
    const all = sum(js);
    const allCss = sum(css);
    const extraJs = { raw: all.raw - entryJs.raw, gz: all.gz - entryJs.gz };
    return {
      path,
      module,
      chunk: manifest[key].file,
      ownGz: own.gz,
      ownRaw: own.raw,
      extraJsGz: extraJs.gz,
      initialJsGz: all.gz,
      initialJsRaw: all.raw,
      initialCssGz: allCss.gz,
      files: [...js].filter((f) => !entry.js.has(f)),
    };
  });
  // Every JS file, biggest first (what to look at when a budget breaks).
  const chunks = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({ file: c.file, src: c.src ?? c.name, ...size(c.file) }))
    .sort((a, b) => b.gz - a.gz);
  return { entry: { files: [...entry.js], js: entryJs, css: entryCss }, routes, chunks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'dist';
  const result = analyse(dist);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const kb = (n) => (n / 1024).toFixed(1);
    console.log(
      `entry: ${result.entry.files.length} files, JS ${kb(result.entry.js.gz)} KB gz (${kb(result.entry.js.raw)} raw), CSS ${kb(result.entry.css.gz)} KB gz`,
    );
    for (const r of result.routes) {
      if (r.missing) console.log(`${r.path}: (no chunk)`);
      else
        console.log(
          `${r.path.padEnd(30)} initial JS ${kb(r.initialJsGz).padStart(6)} KB  CSS ${kb(r.initialCssGz).padStart(5)}  own ${kb(r.ownGz).padStart(5)}  extra ${kb(r.extraJsGz).padStart(6)}`,
        );
    }
    console.log('\nlargest chunks:');
    for (const c of result.chunks.slice(0, 25))
      console.log(`${kb(c.gz).padStart(7)} KB gz ${kb(c.raw).padStart(7)} raw  ${c.file}  ${c.src ?? ''}`);
  }
}

/**
 * Issue 46 §4: the JS a page fetches in its first `windowMs`, cold, prefetches after the first paint included.
 * `responses`: `{ url, startedMs, bodyBytes }` (the encoded, here gzipped, body); a request counts when it was
 * sent within the window, finished or not by then.
 */
export function sumFetchedJs(responses, windowMs = 3000) {
  const js = responses.filter((r) => r.startedMs <= windowMs && /\.m?js(?:$|\?)/.test(new URL(r.url).pathname));
  return { bytes: js.reduce((a, r) => a + r.bodyBytes, 0), files: js.map((r) => new URL(r.url).pathname.replace(/^.*\//, '')) };
}

/** Opens `url` in a fresh context of `browser` (Playwright; empty cache and storage) and sums its JS as `sumFetchedJs` does. */
export async function fetchedJs(browser, url, windowMs = 3000) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const started = [];
  const t0 = Date.now();
  page.on('request', (request) => started.push({ request, startedMs: Date.now() - t0 }));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForTimeout(Math.max(0, windowMs - (Date.now() - t0)));
    const inWindow = started.filter((s) => s.startedMs <= windowMs);
    const responses = await Promise.all(
      inWindow.map(async ({ request, startedMs }) => {
        const response = await request.response().catch(() => null);
        await response?.finished().catch(() => undefined);
        const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
        return { url: request.url(), startedMs, bodyBytes: sizes.responseBodySize };
      }),
    );
    return sumFetchedJs(responses, windowMs);
  } finally {
    await context.close();
  }
}
