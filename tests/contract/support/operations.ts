/**
 * Route parity with the contract: the operations a backend serves, as the document spells them, against
 * the document's own list.
 */
import { expect } from 'vitest';
import { SERVED_OPERATIONS } from '../../../api/app';
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

/** The adapter's catch-all per verb, which hands a request to the API app (mirage/api-app.ts). */
const CATCH_ALL = /^[A-Z]+ \/api(\/\*rest)?$/;

/**
 * The operations a backend serves are exactly the document's, both ways, and each once: the ones the API
 * app serves (api/app.ts, reached through the catch-alls) and the routes the embedded backend still has.
 */
export function expectDocumentedOperations(routes: readonly string[], backend: string): void {
  const catchAlls = routes.filter((route) => CATCH_ALL.test(route));
  expect(new Set(catchAlls.map((route) => route.split(' ')[0])), `${backend}'s catch-all verbs`).toEqual(
    new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  );
  const own = [...new Set(routes.filter((route) => !CATCH_ALL.test(route)).map(asTemplate))];
  const app = SERVED_OPERATIONS.map((op) => `${op.method} ${op.path}`);
  expect(
    own.filter((route) => app.includes(route)),
    `served by ${backend}'s routes and by the API app`,
  ).toEqual([]);
  const served = [...own, ...app].sort();
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
