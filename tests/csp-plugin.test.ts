import { describe, expect, it } from 'vitest';
import { cspDirectives, cspString, headersFile, parseHeadersFile, securityHeaders, TRUSTED_TYPES_POLICIES } from '../build/csp-plugin';
import { TRUSTED_TYPES_POLICIES as APP_POLICIES } from '../src/lib/trusted-types';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('the production Content-Security-Policy', () => {
  it('allows scripts from the app origin only: no inline script, no eval', () => {
    const policy = cspString({}, true);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'report-sample'");
    expect(policy).not.toContain("'unsafe-eval'");
    for (const d of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'", "require-trusted-types-for 'script'"]) {
      expect(policy).toContain(d);
    }
  });

  it('lists exactly the Trusted Types policies the app creates', () => {
    expect(TRUSTED_TYPES_POLICIES).toEqual([...APP_POLICIES]);
    expect(directive(cspString({}, false), 'trusted-types')).toBe(`trusted-types ${APP_POLICIES.join(' ')}`);
  });

  it('opens the network only to the API and identity provider origins of the build', () => {
    const policy = cspString({ VITE_API_BASE_URL: 'https://api.example.com/v1/', VITE_OIDC_AUTHORITY: 'https://id.example.com/realms/acme' }, true);
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

  it('writes a _headers file that reads back as the same headers', () => {
    const env = { VITE_API_BASE_URL: 'http://127.0.0.1:4192' };
    expect(parseHeadersFile(headersFile(env))).toEqual(securityHeaders(env));
    expect(Object.fromEntries(securityHeaders(env))).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' });
  });
});
