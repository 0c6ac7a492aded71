/**
 * The Node server against the contract, over real HTTP on an empty database of its own (an in-memory PGlite,
 * or a database created on TEST_DATABASE_URL's PostgreSQL, server/test-support/database.ts): the one suite of
 * tests/contract/support/contract-suite.ts, which tests/contract/mirage-contract.test.ts runs against Mirage.
 * And the server's router serves exactly the document's operations, as tests/contract/routes.test.ts
 * proves for Mirage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineContractSuite } from '../tests/contract/support/contract-suite';
import { contractValidator } from '../tests/contract/support/openapi-validator';
import { expectDocumentedOperations } from '../tests/contract/support/operations';
import type { NodeTransport } from '../mirage/node-transport';
import { serverBackend } from './test-support/contract-target';
import { transportWithRoutes } from './test-support/transport-routes';

describe('the Node transport routes exactly the operations of docs/api/openapi.yaml', () => {
  let transport: NodeTransport;
  let routes: string[];
  let shutdown: () => void;
  beforeAll(async () => {
    ({ transport, routes, shutdown } = await transportWithRoutes());
  });
  afterAll(() => shutdown());

  /** The `code` of the answer to a request without credentials. */
  const codeOf = async (method: string, url: string) => {
    const answer = await transport.handle({ method, url, headers: {}, body: null });
    return { status: answer.status, code: answer.body === '' ? null : (JSON.parse(answer.body) as { code?: string }).code };
  };

  it('the routes its router was given are the documented operations, and no others', () => {
    expectDocumentedOperations(routes, 'the Node transport');
  });

  it('answers every documented operation from a route, and refuses what the document lacks', async () => {
    for (const { method, path } of contractValidator().operations()) {
      const url = path.replace(/\{\w+\}/g, '1');
      const { code } = await codeOf(method.toUpperCase(), url);
      expect(['unknownPath', 'methodNotAllowed'], `${method.toUpperCase()} ${url} reaches a route`).not.toContain(code);
    }
    expect(await codeOf('GET', '/api/no-such-endpoint')).toEqual({ status: 404, code: 'unknownPath' });
    expect(await codeOf('PATCH', '/api/users')).toEqual({ status: 405, code: 'methodNotAllowed' });
  });
});

defineContractSuite(serverBackend);
