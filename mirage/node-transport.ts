import RouteRecognizer from 'route-recognizer';
import { pretenderInterceptorClass } from './mirage-internals';

/**
 * The embedded backend's routes without a browser, for the server's tests: the routes the domains register
 * are kept in the same router Pretender uses (route-recognizer: a literal segment before `:param` before
 * `*rest`), and a request is handed to the route's Mirage handler as Pretender would hand it, so a test can
 * ask Mirage's answer beside the server's. The server itself makes no Mirage server: the API app answers
 * every request.
 */

/** One HTTP request, as the transport hands it over: the path with its query, headers by lower-case name. */
export interface ApiRequest {
  method: string;
  /** Path and query, e.g. `/api/service-units?page=2`. */
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Rack = [number, Record<string, string>, string];
type RouteHandler = (request: object) => Rack | Promise<Rack>;
interface Route {
  handler: RouteHandler;
}

const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const PASSTHROUGH: RouteHandler = () => [404, {}, ''];

export interface NodeTransport {
  /** Give this to makeServer({ interceptor }): the routes land here instead of in Pretender. */
  interceptor: object;
  /** Answers one request with the route the domains registered for it (404 when none). */
  handle(request: ApiRequest): Promise<ApiAnswer>;
}

export function createNodeTransport(): NodeTransport {
  const routers = new Map<string, RouteRecognizer>(VERBS.map((verb) => [verb.toUpperCase(), new RouteRecognizer()]));
  // What Mirage's interceptor calls Pretender with: `pretender[verb](fullPath, handler, timing)`.
  const router: Record<string, unknown> = {
    passthrough: PASSTHROUGH,
    handledRequest: () => undefined,
    shutdown: () => undefined,
  };
  for (const verb of VERBS) {
    router[verb] = (path: string, handler: RouteHandler) => {
      routers.get(verb.toUpperCase())?.add([{ path, handler }]);
    };
  }
  const Base = pretenderInterceptorClass();
  class NodeInterceptor extends Base {
    override _create(): object {
      // What Mirage's own _create sets in a browser; its config() asserts that it did not change.
      this.trackRequests = false;
      return router;
    }
  }

  return {
    interceptor: new NodeInterceptor(),
    async handle(request) {
      const method = request.method.toUpperCase();
      const matches = routers.get(method)?.recognize(request.url);
      const match = matches?.[0];
      const handler = (match?.handler as Route['handler'] | undefined) ?? PASSTHROUGH;
      const pretenderRequest = {
        method,
        url: request.url,
        requestHeaders: request.headers,
        requestBody: request.body ?? '',
        params: match?.params ?? {},
        queryParams: matches?.queryParams ?? {},
      };
      const [status, headers, body] = await handler(pretenderRequest);
      return { status, headers: headers ?? {}, body: body ?? '' };
    },
  };
}
