import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
// @ts-expect-error the bench scripts are plain .mjs without types
import { routeModules, sumFetchedJs } from '../scripts/bench-sizes.mjs';

// The quick bench gates each route's bytes; a route its parser misses would pass unmeasured ("n/a").
describe('bench-sizes reads the route table', () => {
  it('finds every route that loads a page, with its module and bare flag', () => {
    const found = new Map((routeModules() as { path: string; module: string; bare: boolean }[]).map((r) => [r.path, r]));
    const loading = routes.filter((r) => 'load' in r && r.load !== undefined);
    expect(loading.length).toBeGreaterThan(10);
    for (const route of loading) {
      expect(found.get(route.path), route.path).toBeDefined();
      expect(found.get(route.path)?.bare, route.path).toBe(route.bare === true);
    }
    expect(found.get('/login')?.module).toBe('src/features/auth/login-page');
  });
});

// Issue 46 §4: bench:quick fails when /login fetches more than 165 KB of JS in its first 3 s (scripts/bench.mjs,
// loginFetchedJsKb); this is the sum it gates on.
describe('JS fetched in the first 3 s', () => {
  const at = (path: string, startedMs: number, bodyBytes: number) => ({ url: `http://127.0.0.1:4185${path}`, startedMs, bodyBytes });
  it('counts every script sent within the window, prefetches after the first paint included', () => {
    const sum = sumFetchedJs([
      at('/login', 0, 900),
      at('/assets/boot-1.js', 120, 120_000),
      at('/assets/boot-1.css', 120, 12_000),
      at('/assets/service-2.js', 2_900, 2_000),
      at('/assets/signed-in-pages-3.js', 3_100, 3_000),
    ]) as { bytes: number; files: string[] };
    expect(sum.bytes).toBe(122_000);
    expect(sum.files).toEqual(['boot-1.js', 'service-2.js']);
  });
});
