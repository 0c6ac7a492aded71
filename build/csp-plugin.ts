import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, PreviewServer } from 'vite';

/**
 * The production build's Content-Security-Policy and security headers (docs/security.md, docs/deploy.md).
 *
 * - Every built HTML page gets `<meta http-equiv="Content-Security-Policy">` with what a meta tag can carry.
 * - The build writes `_headers` (Netlify / Cloudflare Pages format) with the full policy, including
 *   `frame-ancestors`, which only a header can carry, and the other security headers.
 * - `vite preview` (and so the browser suite) sends exactly that `_headers` file with every response: the
 *   policy is enforced in the tests as it is in production.
 *
 * `connect-src` follows the build's VITE_API_BASE_URL and VITE_OIDC_AUTHORITY (their origins).
 */

export interface CspEnv {
  VITE_API_BASE_URL?: string;
  VITE_OIDC_AUTHORITY?: string;
}

/** Trusted Types policies the app creates (src/lib/trusted-types.ts keeps the same list). */
export const TRUSTED_TYPES_POLICIES = ['default', 'dompurify'];

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    // A relative base ('/api') is the app's own origin: 'self' covers it.
    return undefined;
  }
}

/** The policy's directives. `header` adds what a meta tag cannot carry. */
export function cspDirectives(env: CspEnv, header: boolean): [string, ...string[]][] {
  const api = originOf(env.VITE_API_BASE_URL);
  const idp = originOf(env.VITE_OIDC_AUTHORITY);
  const remote = [...new Set([api, idp].filter((o): o is string => o !== undefined))];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Only the app's own script files: no inline script, no eval. 'report-sample' names what was blocked.
    ['script-src', "'self'", "'report-sample'"],
    // Mantine writes its theme variables and responsive styles into <style> elements at run time; their
    // content changes with the theme and props, so neither a hash nor a static nonce fits (docs/security.md).
    ['style-src', "'self'", "'unsafe-inline'"],
    // Screenshots and profile photos are data: URLs; a remote backend may serve images from its origin, and the
    // identity provider's `picture` claim points at the provider's host.
    ['img-src', "'self'", 'data:', ...remote],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...remote],
    // The identity provider's silent renewal runs in a hidden frame that returns to silent-callback.html.
    ['frame-src', "'self'", ...(idp ? [idp] : [])],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['require-trusted-types-for', "'script'"],
    ['trusted-types', ...TRUSTED_TYPES_POLICIES],
  ];
  if (header) directives.push(['frame-ancestors', "'none'"]);
  return directives;
}

export function cspString(env: CspEnv, header: boolean): string {
  return cspDirectives(env, header)
    .map((d) => d.join(' '))
    .join('; ');
}

/** Browser features the app never uses: refused for it and for any frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Every header a host should send with every response (docs/deploy.md). */
export function securityHeaders(env: CspEnv): [string, string][] {
  return [
    ['Content-Security-Policy', cspString(env, true)],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    // Browsers ignore it over plain HTTP (the local preview); on an HTTPS host it pins HTTPS for two years.
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ];
}

/** The `_headers` file: the same headers for every path. */
export function headersFile(env: CspEnv): string {
  return `/*\n${securityHeaders(env)
    .map(([name, value]) => `  ${name}: ${value}\n`)
    .join('')}`;
}

/** Reads a `_headers` file back (only its `/*` block, which is all the build writes). */
export function parseHeadersFile(text: string): [string, string][] {
  const headers: [string, string][] = [];
  for (const line of text.split('\n')) {
    const match = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (match?.[1] && match[2]) headers.push([match[1], match[2].trim()]);
  }
  return headers;
}

function servePreviewHeaders(server: PreviewServer): void {
  const file = resolve(server.config.root, server.config.build.outDir, '_headers');
  if (!existsSync(file)) return;
  const headers = parseHeadersFile(readFileSync(file, 'utf8'));
  server.middlewares.use((_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
}

export function cspPlugin(): Plugin {
  let env: CspEnv = {};
  return {
    name: 'app-csp',
    configResolved(config) {
      env = config.env as CspEnv;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The dev server injects inline scripts (React refresh, HMR client): the policy is a build's.
        if (ctx.server) return [];
        return [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: cspString(env, false) }, injectTo: 'head-prepend' }];
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(env) });
    },
    configurePreviewServer(server) {
      servePreviewHeaders(server);
    },
  };
}
