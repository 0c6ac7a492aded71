import { Server } from 'miragejs';

// What code outside mirage/ needs of miragejs itself, so the import stays inside mirage/ (project/layers):
// an answer to a route a test overrides (`server.get(url, () => new Response(500, {}, body))`), and the bare
// createServer the bench's floor app measures against.
export { createServer, Response } from 'miragejs';

/** Routes Mirage registered (`METHOD /api/path/:param`), collected while a server starts. */
export function collectRoutes(): { routes: string[]; stop: () => void } {
  const routes: string[] = [];
  const proto = Server.prototype as unknown as {
    registerRouteHandler: (this: { namespace?: string }, verb: string, path: string, ...rest: unknown[]) => unknown;
  };
  const original = proto.registerRouteHandler;
  proto.registerRouteHandler = function (this: { namespace?: string }, verb: string, path: string, ...rest: unknown[]) {
    const namespace = (this.namespace ?? '').replace(/^\/|\/$/g, '');
    routes.push(`${verb.toUpperCase()} /${namespace ? `${namespace}/` : ''}${path.replace(/^\//, '')}`);
    return original.call(this, verb, path, ...rest);
  };
  return {
    routes,
    stop: () => {
      proto.registerRouteHandler = original;
    },
  };
}
