/**
 * Calls the API of whichever backend a contract run drives (Mirage through Pretender's fetch, or the Node
 * server over real HTTP) and checks every answer against the contract. Each call records
 * `METHOD /path/{template} status` in the set it was given, so a run can prove that every documented
 * status was produced at least once.
 */
import { expect } from 'vitest';
import { contractValidator } from './openapi-validator';

export const APP_KEY = 'service-unit-admin-demo-key';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A raw request body (malformed JSON). */
  rawBody?: string;
  appKey?: string | null;
  headers?: Record<string, string>;
}

export interface ContractClient {
  /** Sends one request, checks the answer (status documented, body matching its schema), records it. */
  call<T = unknown>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  /** `call` that also checks the request body against the contract (a request the app would send). */
  callValid<T = unknown>(method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
  /** Asserts the status of a call and returns its answer. */
  expectStatus<T = unknown>(status: number, method: string, url: string, options?: CallOptions): Promise<Answer<T>>;
}

/**
 * A client for the backend at `baseUrl()` ('' for Mirage, which answers the page's own origin;
 * `http://127.0.0.1:<port>` for the server), read at every call. `url` is the path and query only.
 */
export function createContractClient(baseUrl: () => string, exercised: Set<string>): ContractClient {
  async function call<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
    if (options.appKey !== undefined && options.appKey !== null) headers['key'] = options.appKey;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    // A test may declare another type (415); otherwise a body is JSON.
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
    const response = await fetch(`${baseUrl()}${url}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown;
    if (text !== '') {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        parsed = text;
      }
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      responseHeaders[key.toLowerCase()] = value;
    });
    const validator = contractValidator();
    const path = new URL(url, 'http://localhost').pathname;
    const op = validator.match(method, path);
    expect(op, `${method} ${path} is in the contract`).not.toBeNull();
    const problems = validator.checkResponse(method, path, response.status, parsed);
    expect(problems, `${method} ${url} → ${response.status} ${text.slice(0, 300)}`).toEqual([]);
    if (op) exercised.add(`${method.toUpperCase()} ${op.path} ${response.status}`);
    return { status: response.status, body: parsed as T, headers: responseHeaders };
  }

  async function callValid<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
    if (options.body !== undefined) {
      const path = new URL(url, 'http://localhost').pathname;
      expect(contractValidator().checkRequest(method, path, options.body), `${method} ${url} request body`).toEqual([]);
    }
    return call<T>(method, url, options);
  }

  async function expectStatus<T = unknown>(status: number, method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
    const answer = await (status < 300 ? callValid<T> : call<T>)(method, url, options);
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(status);
    return answer;
  }

  return { call, callValid, expectStatus };
}
