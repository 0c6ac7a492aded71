#!/usr/bin/env node
/* global document, window -- the page functions below run in the browser */
/**
 * Probes off-the-shelf OpenAPI renderers under the app's production policy (docs/api.md, "Why not a library").
 *
 *   node scripts/probe-api-renderers.mjs [--port 4217]      (run it under /tmp/e2e.lock on the shared machine)
 *
 * Each candidate's own browser bundle (`npm pack`, nothing installed into the project) is served from one origin
 * with the app's Content-Security-Policy (build/csp-plugin.ts) and the app's Trusted Types default policy
 * (src/lib/trusted-types.ts: markup-free strings only), given docs/api/openapi.yaml as JSON, and loaded in
 * Chromium. Reported per candidate: whether the operations rendered, the policy violations and page errors,
 * requests to other hosts (offline use), and axe's WCAG 2.2 AA findings on the first screen.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parse } from 'yaml';
import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';

const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 4217;
const BASE = `http://127.0.0.1:${PORT}`;
const WORK = join(tmpdir(), 'api-renderers');
const SITE = join(WORK, 'site');

/** The production policy (build/csp-plugin.ts, API on the app's origin); `extraPolicies` are added to trusted-types. */
const csp = (extraPolicies = []) =>
  [
    "default-src 'self'",
    "script-src 'self' 'report-sample'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types default dompurify${extraPolicies.map((p) => ` ${p}`).join('')}`,
  ].join('; ');

const page = (title, body, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><script src="tt.js"></script>${body}</body></html>`;

/** Candidates: the npm package of each one's browser bundle, the files taken from it and the page that starts it. */
const CANDIDATES = [
  {
    id: 'swagger-ui',
    pkg: 'swagger-ui-dist@5.31.0',
    files: ['swagger-ui-bundle.js', 'swagger-ui.css'],
    html: page(
      'swagger-ui',
      '<div id="ui"></div><script src="swagger-ui-bundle.js"></script><script src="swagger-ui-init.js"></script>',
      '<link rel="stylesheet" href="swagger-ui.css">',
    ),
    init: ['swagger-ui-init.js', "SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui' });"],
  },
  {
    id: 'redoc',
    pkg: 'redoc@2.5.2',
    files: ['bundles/redoc.standalone.js'],
    html: page('redoc', '<div id="r"></div><script src="redoc.standalone.js"></script><script src="redoc-init.js"></script>'),
    // Search off: with it, Redoc starts a Worker from a blob: URL (refused by worker-src and Trusted Types).
    init: ['redoc-init.js', "Redoc.init('/openapi.json', { disableSearch: true }, document.getElementById('r'));"],
  },
  {
    id: 'scalar',
    pkg: '@scalar/api-reference@1.46.4',
    files: ['dist/browser/standalone.js'],
    html: page('scalar', '<div id="app"></div><script src="standalone.js"></script><script src="scalar-init.js"></script>'),
    init: ['scalar-init.js', "Scalar.createApiReference('#app', { url: '/openapi.json', withDefaultFonts: false });"],
  },
  {
    id: 'rapidoc',
    pkg: 'rapidoc@9.3.8',
    files: ['dist/rapidoc-min.js'],
    html: page(
      'rapidoc',
      '<rapi-doc spec-url="/openapi.json" render-style="read" allow-try="false" regular-font="system-ui" mono-font="monospace"></rapi-doc><script type="module" src="rapidoc-min.js"></script>',
    ),
  },
  {
    id: 'rapidoc+lit-html',
    pkg: 'rapidoc@9.3.8',
    files: ['dist/rapidoc-min.js'],
    html: page(
      'rapidoc',
      '<rapi-doc spec-url="/openapi.json" render-style="read" allow-try="false" regular-font="system-ui" mono-font="monospace"></rapi-doc><script type="module" src="rapidoc-min.js"></script>',
    ),
    // Lit creates a policy named lit-html that passes any string: allowed here to see what else is needed.
    policies: ['lit-html'],
  },
  {
    id: 'stoplight-elements',
    pkg: '@stoplight/elements@9.0.25',
    files: ['web-components.min.js', 'styles.min.css'],
    html: page(
      'elements',
      '<elements-api apiDescriptionUrl="/openapi.json" router="hash" layout="sidebar" hideTryIt="true"></elements-api><script src="web-components.min.js"></script>',
      '<link rel="stylesheet" href="styles.min.css">',
    ),
    hash: '#/operations/getServiceUnits',
  },
];

function prepare() {
  mkdirSync(SITE, { recursive: true });
  writeFileSync(join(SITE, 'openapi.json'), JSON.stringify(parse(readFileSync('docs/api/openapi.yaml', 'utf8'))));
  writeFileSync(join(SITE, 'tt.js'), "trustedTypes.createPolicy('default', { createHTML: (s) => (s.includes('<') ? null : s) });\n");
  for (const c of CANDIDATES) {
    const dir = join(WORK, c.pkg.replace(/[@/]/g, '_'));
    if (!existsSync(join(dir, 'package'))) {
      mkdirSync(dir, { recursive: true });
      const tgz = execFileSync('npm', ['pack', c.pkg, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
      execFileSync('tar', ['xzf', tgz], { cwd: dir });
    }
    for (const f of c.files) copyFileSync(join(dir, 'package', f), join(SITE, f.split('/').pop()));
    writeFileSync(join(SITE, `${c.id}.html`), c.html);
    if (c.init) writeFileSync(join(SITE, c.init[0]), c.init[1]);
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

function serve() {
  return http
    .createServer((req, res) => {
      const url = new URL(req.url ?? '/', BASE);
      const candidate = CANDIDATES.find((c) => url.pathname === `/${c.id}.html`);
      const policy = csp(candidate?.policies ?? CANDIDATES.find((c) => c.id === url.searchParams.get('for'))?.policies);
      const file = join(SITE, url.pathname.replace(/^\/+/, '').replace(/\.\./g, ''));
      if (!existsSync(file)) {
        res.writeHead(404, { 'Content-Security-Policy': policy });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': policy });
      res.end(readFileSync(file));
    })
    .listen(PORT, '127.0.0.1');
}

async function probe(browser, c) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  const violations = new Set();
  const errors = new Set();
  const foreign = new Set();
  await tab.exposeBinding('reportViolation', (_source, line) => violations.add(line));
  await tab.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      window.reportViolation(`${e.violatedDirective} ${e.blockedURI}${e.sample ? ` "${e.sample.slice(0, 40).replace(/\s+/g, ' ')}"` : ''}`),
    ),
  );
  tab.on('pageerror', (e) => errors.add(String(e.message).slice(0, 140)));
  tab.on('request', (r) => {
    if (!r.url().startsWith(BASE) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.add(new URL(r.url()).host);
  });
  await tab.goto(`${BASE}/${c.id}.html${c.hash ?? ''}`);
  await tab.waitForTimeout(8000);
  // Rendered: the list operation's path or id is on the page (shadow roots included).
  const rendered = await tab.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) texts.push(el.shadowRoot.textContent ?? '');
    return texts.some((t) => t.includes('/api/service-units') || t.includes('One page of service units'));
  });
  const axe = await new AxeBuilder({ page: tab }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  await context.close();
  return {
    id: c.id,
    pkg: c.pkg,
    rendered,
    violations: [...violations],
    errors: [...errors],
    foreign: [...foreign],
    axe: axe.violations.map((v) => `${v.id}(${v.nodes.length})`),
  };
}

prepare();
const server = serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const c of CANDIDATES) {
    const r = await probe(browser, c);
    console.log(`\n## ${r.id} (${r.pkg}): ${r.rendered ? 'operations rendered' : 'NOTHING RENDERED'}`);
    console.log(`- policy violations (${r.violations.length}): ${r.violations.slice(0, 4).join(' | ') || 'none'}`);
    console.log(`- page errors: ${r.errors.slice(0, 3).join(' | ') || 'none'}`);
    console.log(`- other hosts contacted: ${r.foreign.join(', ') || 'none'}`);
    console.log(`- axe WCAG 2.2 AA: ${r.axe.join(', ') || 'clean'}`);
  }
} finally {
  await browser.close();
  server.close();
}
