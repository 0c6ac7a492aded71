import { pretenderInterceptorClass } from './mirage-internals';

/**
 * Mirage's interceptor for a server that answers no request itself: the Node server, whose API app
 * (api/app.ts) answers every one, makes its Mirage db with it (the demo seed, the start-up repairs). Routes
 * Mirage registers go nowhere, and nothing needs a browser's XMLHttpRequest as Pretender does.
 */
export function routelessInterceptor(): object {
  const nowhere = () => undefined;
  const router: Record<string, unknown> = { passthrough: nowhere, handledRequest: nowhere, shutdown: nowhere };
  for (const verb of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']) router[verb] = nowhere;
  const Base = pretenderInterceptorClass();
  class RoutelessInterceptor extends Base {
    override _create(): object {
      // What Mirage's own _create sets in a browser; its config() asserts that it did not change.
      this.trackRequests = false;
      return router;
    }
  }
  return new RoutelessInterceptor();
}
