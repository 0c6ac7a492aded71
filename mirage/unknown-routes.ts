import type { Server } from 'miragejs';
import { documentedMethods } from '../api/contract/check';
import { errorJson } from '../core/error-shape';

/**
 * The embedded backend refuses what it does not serve under /api, as a server's router would: an unknown
 * path is a 404, a known path with another method a 405 with `Allow`, both in the one error shape.
 * Without this, such a request passed through to the static host, whose 200 with the app's HTML made
 * a `PATCH /api/users/4` look like a success that changed nothing.
 */

/** The methods Pretender intercepts, as Mirage names its route functions. */
const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** The prefix Mirage serves; everything else on this origin goes to the network. */
const API_PREFIX = '/api';

/** A request path without its query and trailing slashes (Mirage serves `/x` and `/x/` alike). */
function pathOf(url: string): string {
  const path = new URL(url, 'http://localhost').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The methods the contract has at a path, upper-case, in a fixed order (the routes are its operations). */
function served(path: string): string[] {
  const methods = new Set(documentedMethods(path));
  return VERBS.map((verb) => verb.toUpperCase()).filter((method) => methods.has(method));
}

type PretenderHandler = Parameters<Server['pretender']['get']>[1];
type PretenderAnswer = Awaited<ReturnType<PretenderHandler>>;

/** The answer to a request no route serves: 404, or 405 with `Allow` when the path has other methods. */
function refusal(method: string, url: string): PretenderAnswer {
  const path = pathOf(url);
  const allowed = served(path);
  const verb = method.toUpperCase();
  if (allowed.length === 0) {
    return [404, { 'Content-Type': 'application/json' }, errorJson(`No endpoint ${verb} ${path}`, { code: 'unknownPath' })];
  }
  return [
    405,
    { 'Content-Type': 'application/json', Allow: allowed.join(', ') },
    errorJson(`Method ${verb} not allowed on ${path}`, { code: 'methodNotAllowed' }),
  ];
}

/**
 * Answers a HEAD or OPTIONS request under /api with `refusal`, after `delay()` ms like any other answer (the
 * other verbs' catch-all is the API app's, which refuses the same way: mirage/api-app.ts). Registered with
 * Pretender directly, and not as a Mirage route: it is no operation of the contract and no write.
 */
export function refuseUnservedRoutes(server: Server, delay: () => number): void {
  const handler: PretenderHandler = (request) => {
    // Pretender's request keeps open()'s method and url; its typings (an XMLHttpRequest) leave them out.
    const { method, url } = request as unknown as { method: string; url: string };
    return new Promise((resolve) => setTimeout(() => resolve(refusal(method, url)), delay()));
  };
  for (const verb of ['head', 'options'] as const) {
    server.pretender[verb](API_PREFIX, handler);
    server.pretender[verb](`${API_PREFIX}/*rest`, handler);
  }
}

/**
 * Whether a request goes to the network instead of Mirage: anything on another origin (the identity
 * provider's discovery, keys and user info, wherever its paths lie) and anything here outside /api
 * (chunks, assets).
 */
export function passesThrough(url: string): boolean {
  const here = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const target = new URL(url, here);
  if (target.origin !== new URL(here).origin) return true;
  return target.pathname !== API_PREFIX && !target.pathname.startsWith(`${API_PREFIX}/`);
}
