import { createNodeTransport, type NodeTransport } from '../../mirage/node-transport';
import { makeServer } from '../../mirage/server';

/** The verbs Mirage hands its router a route for (mirage/node-transport.ts keeps one router per verb). */
const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
/**
 * The catch-alls under /api: for HEAD and OPTIONS, mirage/unknown-routes.ts's refusals (no operations); for
 * the other verbs, the API app's (mirage/api-app.ts), which the operations check reads as such.
 */
const CATCH_ALLS = new Set(['/api', '/api/*rest']);
const REFUSING = new Set(['head', 'options']);

type Router = Record<string, unknown>;

/**
 * A Node transport as server/backend.ts makes it (no database: the routes do not depend on the rows), and
 * every route (`METHOD /api/path/:param`) the domains handed to its router, read where the transport
 * receives them: the router its interceptor creates for Mirage.
 */
export async function transportWithRoutes(): Promise<{ transport: NodeTransport; routes: string[]; shutdown(): void }> {
  const transport = createNodeTransport();
  const routes: string[] = [];
  const interceptor = transport.interceptor as { _create(...args: unknown[]): Router };
  const create = interceptor._create.bind(interceptor);
  interceptor._create = (...args) => {
    const router = create(...args);
    for (const verb of VERBS) {
      const add = router[verb] as (path: string, ...rest: unknown[]) => unknown;
      router[verb] = (path: string, ...rest: unknown[]) => {
        if (!(CATCH_ALLS.has(path) && REFUSING.has(verb))) routes.push(`${verb.toUpperCase()} ${path}`);
        return add(path, ...rest);
      };
    }
    return router;
  };
  const server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: transport.interceptor });
  return { transport, routes, shutdown: () => server.shutdown() };
}
