/**
 * The contract and the embedded backend list the same endpoints: a route Mirage registers that the
 * document lacks fails here, and so does a documented operation Mirage does not serve.
 * Mirage's `/path` and `/path/` twins (the template's trailing-slash spellings) count as one.
 */
import { expect, it } from 'vitest';
import { contractValidator } from './support/openapi-validator';
import { collectRoutes, startServer } from './support/mirage-harness';

/** `GET /api/service-units/:id` → `GET /api/service-units/{id}`. */
function asTemplate(route: string): string {
  const [method, path = ''] = route.split(' ');
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return `${method} ${trimmed.replace(/:(\w+)/g, '{$1}')}`;
}

it('Mirage serves exactly the operations of docs/api/openapi.yaml', async () => {
  const collector = collectRoutes();
  let served: string[];
  try {
    const server = await startServer({ seed: 'none' });
    server.shutdown();
    served = [...new Set(collector.routes.map(asTemplate))].sort();
  } finally {
    collector.stop();
  }
  const documented = contractValidator()
    .operations()
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    .sort();
  expect(served.length).toBeGreaterThan(80);
  expect(
    served.filter((route) => !documented.includes(route)),
    'served by Mirage, missing from the contract',
  ).toEqual([]);
  expect(
    documented.filter((route) => !served.includes(route)),
    'in the contract, not served by Mirage',
  ).toEqual([]);
});
