/**
 * Route parity with the contract: the operations a backend serves, as the document spells them, against
 * the document's own list.
 */
import { expect } from 'vitest';
import { contractValidator } from './openapi-validator';

/**
 * `GET /api/service-units/:id` → `GET /api/service-units/{id}`. A route's `/path` and `/path/` twins
 * (the template's trailing-slash spellings) become one.
 */
export function asTemplate(route: string): string {
  const [method, path = ''] = route.split(' ');
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return `${method} ${trimmed.replace(/:(\w+)/g, '{$1}')}`;
}

/** Every operation of docs/api/openapi.yaml as `METHOD /api/path/{param}`, sorted. */
export function documentedOperations(): string[] {
  return contractValidator()
    .operations()
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    .sort();
}

/** The routes (`METHOD /api/path/:param`) are exactly the document's operations, both ways. */
export function expectDocumentedOperations(routes: readonly string[], backend: string): void {
  const served = [...new Set(routes.map(asTemplate))].sort();
  const documented = documentedOperations();
  expect(served.length).toBeGreaterThan(80);
  expect(
    served.filter((route) => !documented.includes(route)),
    `served by ${backend}, missing from the contract`,
  ).toEqual([]);
  expect(
    documented.filter((route) => !served.includes(route)),
    `in the contract, not served by ${backend}`,
  ).toEqual([]);
}
