import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cspDirectives,
  cspString,
  headerRules,
  headersFile,
  headersFor,
  parseHeadersFile,
  securityHeaders,
  TRUSTED_TYPES_POLICIES,
} from '../build/csp-plugin';
import { TRUSTED_TYPES_POLICIES as APP_POLICIES } from '../src/lib/trusted-types';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('the production Content-Security-Policy', () => {
  it('allows scripts from the app origin only: no inline script, no eval', () => {
    const policy = cspString({}, true);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'report-sample'");
    expect(policy).not.toContain("'unsafe-eval'");
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "require-trusted-types-for 'script'",
    ]) {
      expect(policy).toContain(d);
    }
  });

  it('lists exactly the Trusted Types policies the app creates', () => {
    expect(TRUSTED_TYPES_POLICIES).toEqual([...APP_POLICIES]);
    expect(directive(cspString({}, false), 'trusted-types')).toBe(`trusted-types ${APP_POLICIES.join(' ')}`);
  });

  it('opens the network only to the API and identity provider origins of the build', () => {
    const policy = cspString(
      { VITE_API_BASE_URL: 'https://api.example.com/v1/', VITE_OIDC_AUTHORITY: 'https://id.example.com/realms/acme' },
      true,
    );
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.example.com https://id.example.com");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://id.example.com");
    // The provider's picture claim is shown from the provider's host.
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://api.example.com https://id.example.com");
    expect(directive(cspString({ VITE_API_BASE_URL: '/api' }, true), 'connect-src')).toBe("connect-src 'self'");
    expect(directive(cspString({ VITE_API_BASE_URL: 'javascript:alert(1)' }, true), 'connect-src')).toBe("connect-src 'self'");
  });

  it('keeps frame-ancestors out of the meta tag, which cannot carry it', () => {
    expect(cspDirectives({}, false).map(([name]) => name)).not.toContain('frame-ancestors');
  });

  it('writes a _headers file that reads back as the same rules', () => {
    const env = { VITE_API_BASE_URL: 'http://127.0.0.1:4192' };
    expect(parseHeadersFile(headersFile(env))).toEqual(headerRules(env));
    expect(Object.fromEntries(securityHeaders(env))).toMatchObject({
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
  });
});

describe('who may frame a page, as a host applying the built _headers sends it', () => {
  const env = { VITE_OIDC_AUTHORITY: 'https://id.example.com/realms/acme' };
  const sent = (pathname: string) => Object.fromEntries(headersFor(parseHeadersFile(headersFile(env)), pathname));

  it('lets only the app itself frame the silent-renewal page, under either of its addresses', () => {
    for (const pathname of ['/silent-callback.html', '/silent-callback']) {
      const headers = sent(pathname);
      // One value each: the DENY and 'none' of the /* block are removed, not joined with the page's own.
      expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
      expect(headers['Content-Security-Policy']).toBe(cspString(env, true, "'self'"));
      expect(directive(headers['Content-Security-Policy'] ?? '', 'frame-ancestors')).toBe("frame-ancestors 'self'");
      // The rest of the policy and the other headers are those of every page.
      expect(headers).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' });
      expect(Object.keys(headers).sort()).toEqual(
        securityHeaders(env)
          .map(([name]) => name)
          .sort(),
      );
    }
  });

  it('refuses every other page and file to any frame', () => {
    for (const pathname of ['/', '/index.html', '/login', '/user/dashboard', '/silent-callback.html/x', '/assets/silent-callback-abc.js']) {
      expect(sent(pathname)).toEqual(Object.fromEntries(securityHeaders(env)));
      expect(sent(pathname)['X-Frame-Options']).toBe('DENY');
    }
  });

  it('is what docs/deploy.md shows for its example build', () => {
    const doc = readFileSync(new URL('../docs/deploy.md', import.meta.url), 'utf8');
    const example = /```\n(\/\*\n[\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBe(
      headersFile({ VITE_API_BASE_URL: 'https://api.example.com', VITE_OIDC_AUTHORITY: 'https://id.example.com/realms/acme' }),
    );
  });

  it('joins a header two blocks set, as those hosts do, unless the later block removes it first', () => {
    const rules = parseHeadersFile(
      '/*\n  X-Frame-Options: DENY\n  Cache-Control: no-cache\n\n/page\n  X-Frame-Options: SAMEORIGIN\n\n/other\n  ! X-Frame-Options\n  X-Frame-Options: SAMEORIGIN\n',
    );
    expect(headersFor(rules, '/page')).toEqual([
      ['X-Frame-Options', 'DENY, SAMEORIGIN'],
      ['Cache-Control', 'no-cache'],
    ]);
    expect(headersFor(rules, '/other')).toEqual([
      ['Cache-Control', 'no-cache'],
      ['X-Frame-Options', 'SAMEORIGIN'],
    ]);
  });
});
