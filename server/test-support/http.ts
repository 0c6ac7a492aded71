import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { listen } from '../http-server';

/** A plain HTTP client for the server's tests: any method, any header (Origin too), and a body in chunks. */

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpCall {
  method?: string;
  headers?: Record<string, string>;
  /** One string is sent with its Content-Length; several are sent as they come (chunked, no length). */
  body?: string | string[];
}

export function send(base: string, path: string, { method = 'GET', headers = {}, body }: HttpCall = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const chunks = body === undefined ? [] : typeof body === 'string' ? [body] : body;
    const req = httpRequest(new URL(path, base), {
      method,
      headers: {
        ...(typeof body === 'string' ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Starts `http` on a free loopback port; resolves with its base URL. */
export async function start(http: Server): Promise<string> {
  const port = await listen(http, 0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

export function stop(http: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    http.close((error) => (error ? reject(error) : resolve()));
    http.closeAllConnections();
  });
}
