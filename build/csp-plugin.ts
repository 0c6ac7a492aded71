import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, PreviewServer } from 'vite';

/**
 * The production build's Content-Security-Policy and security headers (docs/security.md, docs/deploy.md).
 *
 * - Every built HTML page gets `<meta http-equiv="Content-Security-Policy">` with what a meta tag can carry.
 * - The build writes `_headers` (Netlify / Cloudflare Pages format) with the full policy, including
 *   `frame-ancestors`, which only a header can carry, and the other security headers.
 * - `vite preview` (and so the browser suite) sends that `_headers` file's rules for each path as a
 *   Cloudflare Pages host applies them: the policy is enforced in the tests as it is in production.
 * - Every page refuses to be framed, except silent-callback.html, which the app's own hidden frame loads for
 *   the identity provider's `prompt=none` renewal (docs/auth.md): it may be framed by the same origin only.
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

/** Who may frame a page: nobody, or (silent-callback.html only) the app's own origin. */
export type FrameAncestors = "'none'" | "'self'";

/** The silent-renewal page (SILENT_CALLBACK_PATH in src/lib/session/oidc.ts) and its extension-less URL,
 * which Cloudflare Pages redirects the .html address to. */
export const SILENT_CALLBACK_PATHS = ['/silent-callback.html', '/silent-callback'];

/** The policy's directives. `header` adds what a meta tag cannot carry. */
export function cspDirectives(env: CspEnv, header: boolean, frameAncestors: FrameAncestors = "'none'"): [string, ...string[]][] {
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
  if (header) directives.push(['frame-ancestors', frameAncestors]);
  return directives;
}

export function cspString(env: CspEnv, header: boolean, frameAncestors: FrameAncestors = "'none'"): string {
  return cspDirectives(env, header, frameAncestors)
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

/** The two headers that decide who may frame a page. */
function frameHeaders(env: CspEnv, frameAncestors: FrameAncestors): [string, string][] {
  return [
    ['Content-Security-Policy', cspString(env, true, frameAncestors)],
    ['X-Frame-Options', frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY'],
  ];
}

/** Every header a host should send with a response (docs/deploy.md); `frameAncestors` 'self' for silent-callback.html only. */
export function securityHeaders(env: CspEnv, frameAncestors: FrameAncestors = "'none'"): [string, string][] {
  return [
    ...frameHeaders(env, frameAncestors),
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    // Browsers ignore it over plain HTTP (the local preview); on an HTTPS host it pins HTTPS for two years.
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ];
}

/** One block of a `_headers` file: headers it removes (`! Name`) and then sets for the paths it matches. */
export interface HeaderRule {
  path: string;
  unset: string[];
  set: [string, string][];
}

/**
 * The build's header rules. Hosts apply every block whose path matches, in file order, and a later block's
 * header is added to an earlier one's of the same name, not put in its place: a DENY from `/*` would still
 * refuse the silent-callback frame. So its block first removes the two frame headers `/*` set (`! Name`,
 * Cloudflare Pages' detach line), then sets its own.
 */
export function headerRules(env: CspEnv): HeaderRule[] {
  const framedBySelf = frameHeaders(env, "'self'");
  return [
    { path: '/*', unset: [], set: securityHeaders(env) },
    ...SILENT_CALLBACK_PATHS.map((path) => ({ path, unset: framedBySelf.map(([name]) => name), set: framedBySelf })),
  ];
}

/** The `_headers` file (Netlify / Cloudflare Pages format). */
export function headersFile(env: CspEnv): string {
  return headerRules(env)
    .map(
      ({ path, unset, set }) =>
        `${path}\n${unset.map((name) => `  ! ${name}\n`).join('')}${set.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`,
    )
    .join('\n');
}

/** Reads a `_headers` file back into its blocks. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    const path = /^(\/\S*)\s*$/.exec(line)?.[1];
    if (path) {
      rules.push({ path, unset: [], set: [] });
      continue;
    }
    const rule = rules.at(-1);
    const unset = /^\s+!\s*([A-Za-z-]+)\s*$/.exec(line)?.[1];
    const header = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
    if (rule && unset) rule.unset.push(unset);
    else if (rule && header?.[1] && header[2]) rule.set.push([header[1], header[2].trim()]);
  }
  return rules;
}

/** A path pattern of `_headers`: `*` matches any run of characters. */
function matchesPath(pattern: string, pathname: string): boolean {
  const regex = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${regex}$`).test(pathname);
}

/**
 * The headers a Cloudflare Pages host sends for `pathname`: each matching block in order removes its `!` headers,
 * then sets its headers; a name an earlier block set gets the value added (comma-joined) instead of replaced.
 */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  const values = new Map<string, { name: string; values: string[] }>();
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!matchesPath(rule.path, pathname)) continue;
    for (const name of rule.unset) values.delete(name.toLowerCase());
    for (const [name, value] of rule.set) {
      const key = name.toLowerCase();
      const current = values.get(key);
      if (seen.has(key) && current) current.values.push(value);
      else values.set(key, { name, values: [value] });
      seen.add(key);
    }
  }
  return [...values.values()].map(({ name, values: list }) => [name, list.join(', ')]);
}

function servePreviewHeaders(server: PreviewServer): void {
  const file = resolve(server.config.root, server.config.build.outDir, '_headers');
  if (!existsSync(file)) return;
  const rules = parseHeadersFile(readFileSync(file, 'utf8'));
  server.middlewares.use((req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://preview').pathname;
    for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
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
        return [
          { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: cspString(env, false) }, injectTo: 'head-prepend' },
        ];
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
