/**
 * Drives the embedded backend (Mirage, through Pretender's fetch in jsdom) and checks every answer
 * against the contract. Each call records `METHOD /path/{template} status`, so a test can prove that
 * every documented status was produced at least once.
 */
import { Server } from 'miragejs';
import { expect } from 'vitest';
import { table } from '@mirage/db';
import type { SessionRow, UserRow } from '@mirage/http';
import { makeServer, type MirageOptions } from '@mirage/server';
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

/** Every `METHOD template status` a call produced (in this test file). */
export const exercised = new Set<string>();

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

export async function startServer(options: MirageOptions = {}): Promise<Server> {
  return makeServer({ environment: 'test', latencyMs: 0, ...options });
}

let sessions = 0;
/** A live session for a seeded account, added to the database (the sign-in endpoint has its own test). */
export function tokenFor(server: Server, username: string): string {
  const user = table<UserRow>(server.db, 'users').where((u) => u.username === username)[0];
  if (!user) throw new Error(`no seeded user ${username}`);
  sessions += 1;
  const token = `contract-token-${sessions}-${username}`;
  table<SessionRow>(server.db, 'sessions').insert({
    accessToken: token,
    sessionKey: `contract-key-${sessions}`,
    userId: user.id,
    expiresAt: Date.now() + 3_600_000,
    revoked: false,
  });
  return token;
}

/** Sends one request, checks the answer (and a JSON request body) against the contract, records it. */
export async function call<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  if (options.appKey !== undefined && options.appKey !== null) headers['key'] = options.appKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
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

/** `call` that also checks the request body against the contract (a request the app would send). */
export async function callValid<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  if (options.body !== undefined) {
    const path = new URL(url, 'http://localhost').pathname;
    expect(contractValidator().checkRequest(method, path, options.body), `${method} ${url} request body`).toEqual([]);
  }
  return call<T>(method, url, options);
}

/** Asserts the status of a call and returns its answer. */
export async function expectStatus<T = unknown>(
  status: number,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const answer = await (status < 300 ? callValid<T> : call<T>)(method, url, options);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(status);
  return answer;
}
