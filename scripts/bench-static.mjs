/**
 * The static server of every bench page (scripts/bench.mjs, bench-peer.mjs, bench-charts.mjs): gzip for text, immutable
 * /assets/, no-cache HTML and the SPA fallback, as a CDN would serve a build. Files are read once and kept.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves `dir` (relative to the repository, or absolute) on 127.0.0.1:`port`; resolves with the listening server. */
export function serveStatic(dir, port) {
  const base = resolve(root, dir);
  const cache = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = join(base, decodeURIComponent(url.pathname));
    if (!file.startsWith(base) || !existsSync(file) || statSync(file).isDirectory()) file = join(base, 'index.html');
    let body = cache.get(file);
    if (!body) {
      const raw = readFileSync(file);
      body = { raw, gz: gzipSync(raw, { level: 6 }) };
      cache.set(file, body);
    }
    const headers = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const gz = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /\.(js|css|html|json|svg)$/.test(file);
    if (gz) headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(gz ? body.gz : body.raw);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}
