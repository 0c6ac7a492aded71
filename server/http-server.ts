import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { headersFor, parseHeadersFile, type HeaderRule } from '../build/csp-plugin.ts';
import type { Backend } from './backend';
import { serveLongPoll, waitOf } from './events/long-poll';
import { serveEventStream } from './events/stream';
import { errorJson } from '../core/error-shape';

export interface HttpOptions {
  /** Origins allowed to call the API from a browser (CORS); empty: same origin only. */
  corsOrigins: readonly string[];
  /** Serve this built app (with its `_headers`) beside the API. */
  staticDir?: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Take the caller's address from X-Forwarded-For (set only behind a proxy that sets it). */
  trustProxy?: boolean;
}

/** Request headers a browser may send across origins (the app's client and the contract's headers). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, key, Idempotency-Key, If-Match, X-Request-Id, Last-Event-ID';
const EXPOSED_HEADERS = 'Retry-After, Allow, Location, ETag, Idempotent-Replayed, X-Total-Count';

const errorAnswer = (status: number, message: string, code: string): Response =>
  new Response(errorJson(message, { code }), { status, headers: { 'Content-Type': 'application/json' } });

/** Where the API's requests are addressed (the app reads the path and query only). */
const ORIGIN = 'http://localhost';

class BodyTooLarge extends Error {}

/** The body's bytes (a Buffer, never a shared one: typed as the fetch body it becomes), null when empty. */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        // Answered with 413 at once; the rest of the body is read and dropped. Destroying the request
        // instead would reset the connection, and the caller would get no answer at all.
        tooLarge = true;
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(chunks.length === 0 ? null : ((chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>)),
    );
    req.on('error', reject);
  });
}

/** The header that carries the caller's address to the domains (sign-in throttling); a client's own value is replaced. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

function headersOf(req: IncomingMessage, trustProxy: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  // Behind a proxy (TRUST_PROXY=1) the caller is the first X-Forwarded-For entry; otherwise the socket's peer.
  const forwarded = trustProxy ? headers['x-forwarded-for']?.split(',')[0]?.trim() : undefined;
  headers[CLIENT_ADDRESS_HEADER] = forwarded || req.socket.remoteAddress || 'unknown';
  return headers;
}

/** The request handler of the server: the API under /api, CORS, and the built app when STATIC_DIR is set. */
export function createRequestListener(backend: Backend, options: HttpOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const allowed = new Set(options.corsOrigins);
  const headerRules: HeaderRule[] =
    options.staticDir && existsSync(join(options.staticDir, '_headers'))
      ? parseHeadersFile(readFileSync(join(options.staticDir, '_headers'), 'utf8'))
      : [];
  const assets = options.staticDir ? sirv(options.staticDir, { single: true, etag: true, gzip: false, brotli: false, dev: false }) : null;

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return {};
    return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  };

  const send = async (req: IncomingMessage, res: ServerResponse, answer: Response): Promise<void> => {
    const body = req.method === 'HEAD' ? undefined : new Uint8Array(await answer.arrayBuffer());
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    const setCookies = answer.headers.getSetCookie();
    if (setCookies.length > 0) res.setHeader('set-cookie', setCookies);
    res.writeHead(answer.status, { ...corsHeaders(req), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(body);
  };
  /** Sends an answer; a failure to read its body ends the connection (its headers may have left). */
  const reply = (req: IncomingMessage, res: ServerResponse, answer: Response) => {
    send(req, res, answer).catch((error: unknown) => {
      console.error(error);
      res.destroy();
    });
  };

  return (req, res) => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi) {
      if (!assets) {
        reply(req, res, errorAnswer(404, `No endpoint ${req.method ?? 'GET'} ${pathname}`, 'unknownPath'));
        return;
      }
      for (const [name, value] of headersFor(headerRules, pathname)) res.setHeader(name, value);
      assets(req, res, () => reply(req, res, errorAnswer(404, 'Not found', 'unknownPath')));
      return;
    }
    // A browser's preflight for a cross-origin call: answered here, it is no operation of the contract.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const origin = req.headers.origin;
      if (!origin || !allowed.has(origin)) {
        reply(req, res, errorAnswer(403, 'This origin may not call the API', 'originNotAllowed'));
        return;
      }
      res.writeHead(204, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const failed = (error: unknown) => {
      console.error(error);
      if (!res.headersSent) reply(req, res, errorAnswer(500, 'The server failed to answer', 'internal'));
      else res.end();
    };
    // Held open here, not in the backend: the stream of live events, and an agent's long poll for commands.
    if (req.method === 'GET' && pathname === '/api/events') {
      const headers = headersOf(req, options.trustProxy ?? false);
      const after = headers['last-event-id']?.trim() || new URL(url, ORIGIN).searchParams.get('after');
      serveEventStream(backend, res, {
        headers,
        after: after || null,
        answerHeaders: { ...corsHeaders(req), 'X-Content-Type-Options': 'nosniff' },
        send: (answer) => reply(req, res, answer),
      }).catch(failed);
      return;
    }
    const waitS = req.method === 'GET' && pathname === '/api/agent/commands' ? waitOf(url) : 0;
    if (waitS > 0) {
      const request = new Request(`${ORIGIN}${url}`, { headers: headersOf(req, options.trustProxy ?? false) });
      serveLongPoll(backend, request, res, waitS, (answer) => reply(req, res, answer)).catch(failed);
      return;
    }
    readBody(req, options.maxBodyBytes)
      .then((body) => {
        const method = req.method ?? 'GET';
        const headers = headersOf(req, options.trustProxy ?? false);
        // The one conversion: Node's request becomes the fetch Request the API app takes.
        return backend.handle(
          new Request(`${ORIGIN}${url}`, { method, headers, ...(body === null || method === 'GET' || method === 'HEAD' ? {} : { body }) }),
        );
      })
      .then(
        (answer) => reply(req, res, answer),
        (error: unknown) => {
          if (error instanceof BodyTooLarge) {
            reply(req, res, errorAnswer(413, `The request body is larger than ${options.maxBodyBytes} bytes`, 'payloadTooLarge'));
            return;
          }
          console.error(error);
          reply(req, res, errorAnswer(500, 'The server failed to answer', 'internal'));
        },
      );
  };
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function createHttpServer(backend: Backend, options: HttpOptions): Server {
  return createServer(createRequestListener(backend, options));
}
