/**
 * The contract and the embedded backend list the same endpoints: a route Mirage registers that the
 * document lacks fails here, and so does a documented operation Mirage does not serve.
 * server/contract.test.ts holds the Node server's router to the same list.
 */
import { it } from 'vitest';
import { collectRoutes, startServer } from './support/mirage-harness';
import { expectDocumentedOperations } from './support/operations';

it('Mirage serves exactly the operations of docs/api/openapi.yaml', async () => {
  const collector = collectRoutes();
  let routes: string[];
  try {
    const server = await startServer({ seed: 'none' });
    server.shutdown();
    routes = [...collector.routes];
  } finally {
    collector.stop();
  }
  expectDocumentedOperations(routes, 'Mirage');
});
