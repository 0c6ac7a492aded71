/**
 * The embedded backend refuses what it does not serve under /api (issue 22 §3): an unknown path is a 404,
 * a known path with another method a 405 with `Allow`, both in the contract's error shape. Before, such a
 * request passed through to the static host, and its 200 with the app's HTML looked like a success.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import type { UserRow } from '@mirage/http';
import { makeServer, type Server } from '@mirage/server';
import { trackChanges } from '@mirage/store/change-log';
import { contractValidator, METHODS } from '../contract/support/openapi-validator';
import { signInAs } from './monitoring-helpers';

let server: Server;
afterEach(() => server.shutdown());

interface Answer {
  status: number;
  allow: string | null;
  contentType: string | null;
  body: unknown;
}

async function send(method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    allow: response.headers.get('Allow'),
    contentType: response.headers.get('Content-Type'),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

const validator = contractValidator();
/** Problems of a body against a shared response of the contract (its Error schema). */
const againstContract = (response: 'UnknownPath' | 'MethodNotAllowed', body: unknown) =>
  validator.checkAt(`/components/responses/${response}/content/application~1json/schema`, body, response);

/**
 * The methods the contract has an operation for at a concrete path, upper-case and sorted. Per method, as a
 * router matches: `PUT /api/service-units/tags` is `PUT /api/service-units/{id}`, though `tags` is GET only.
 */
const documentedMethods = (path: string) =>
  METHODS.filter((method) => validator.match(method, path) !== null)
    .map((method) => method.toUpperCase())
    .sort();

const sorted = (allow: string | null) =>
  (allow ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe('an /api request no route serves', () => {
  it('answers an unknown path with 404 in the error shape, signed in or not', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const { token } = await signInAs('superadmin');
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/users/4/promote'],
      ['DELETE', '/api/service-units/1/processes/2/extra'],
      ['GET', '/api/'],
      ['GET', '/api'],
    ] as const) {
      for (const auth of [token, undefined]) {
        const answer = await send(method, url, auth);
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.contentType).toContain('application/json');
        expect(answer.body).toEqual({ message: expect.stringContaining(method) as unknown, code: 'unknownPath' });
        expect(againstContract('UnknownPath', answer.body)).toEqual([]);
        expect(answer.allow).toBeNull();
      }
    }
  });

  it('answers PATCH /api/users/4 with 405 and Allow, and changes nothing', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const { token } = await signInAs('superadmin');
    const users = table<UserRow>(server.db, 'users');
    const before = users.find(4);
    const changes = trackChanges(server.db);

    const answer = await send('PATCH', '/api/users/4', token, { fullName: 'Changed By Patch' });

    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ message: 'Method PATCH not allowed on /api/users/4', code: 'methodNotAllowed' });
    expect(againstContract('MethodNotAllowed', answer.body)).toEqual([]);
    expect(sorted(answer.allow)).toEqual(documentedMethods('/api/users/4'));
    expect(sorted(answer.allow)).toEqual(['DELETE', 'GET', 'PUT']);
    expect(sorted(answer.allow)).not.toContain('PATCH');
    expect(users.find(4)).toEqual(before);
    // A refusal is no write: no row changed, so nothing goes to the browser's store.
    expect(changes.isEmpty).toBe(true);
    changes.stop();
  });

  it('reads a trailing slash and a query as the same path', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const answer = await send('DELETE', '/api/me/?x=1');
    expect(answer.status).toBe(405);
    expect(sorted(answer.allow)).toEqual(documentedMethods('/api/me'));
  });

  it('lists in Allow exactly the methods the contract documents, for every path', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const paths = [...new Set(validator.operations().map((op) => op.path))];
    expect(paths.length).toBeGreaterThan(40);
    let checked = 0;
    for (const path of paths) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const documented = documentedMethods(url);
      const missing = METHODS.map((m) => m.toUpperCase()).find((m) => !documented.includes(m));
      if (!missing) continue;
      const answer = await send(missing, url);
      expect(answer.status, `${missing} ${path}`).toBe(405);
      expect(sorted(answer.allow), `${missing} ${path}`).toEqual(documented);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('what Mirage still serves or hands on', () => {
  it('answers a documented route as before', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const { token } = await signInAs('superadmin');
    const answer = await send('GET', '/api/users/4', token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: '4' });
    const { username, email, phone, roleId, organizationId } = answer.body as Record<string, unknown>;
    const saved = await send('PUT', '/api/users/4', token, { fullName: 'Renamed User', username, email, phone, roleId, organizationId });
    expect(saved.status).toBe(200);
    expect(table<UserRow>(server.db, 'users').find(4)?.fullName).toBe('Renamed User');
  });

  it('hands requests outside /api and to other origins to the network', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const handedOn: string[] = [];
    server.pretender.passthroughRequest = (verb, path) => {
      handedOn.push(`${verb} ${path}`);
    };
    const urls = ['/assets/index.js', '/apiary', 'https://idp.example/api/oidc/.well-known/openid-configuration'];
    // Nothing listens in the test: each fails at the network, after Mirage let it go.
    for (const url of urls) await fetch(url).catch(() => undefined);
    expect(handedOn).toHaveLength(urls.length);
    expect(handedOn.every((line) => line.startsWith('GET '))).toBe(true);
  });
});
