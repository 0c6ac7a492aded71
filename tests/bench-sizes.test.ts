import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
// @ts-expect-error the bench scripts are plain .mjs without types
import { routeModules } from '../scripts/bench-sizes.mjs';

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
