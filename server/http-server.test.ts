import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackend, type Backend } from './backend';
import { createHttpServer } from './http-server';
import { APP_KEY, DEMO_PASSWORD, storeSession } from './test-support/api';
import { BACKEND_NAME, createTestDatabase, type TestDatabase } from './test-support/database';
import { openStream } from './test-support/event-stream';
import { send, start, stop, type HttpAnswer } from './test-support/http';

/* The server over HTTP, as a browser or a client sees it: error shapes, CORS, body limits, caching, the built app. */

const SETUP_TIMEOUT_MS = 120_000;
const APP_ORIGIN = 'http://app.example';
const MAX_BODY_BYTES = 2048;

let database: TestDatabase;
let backend: Backend;
let api: Server;
let apiBase: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({ sql: database.sql });
  api = createHttpServer(backend, { corsOrigins: [APP_ORIGIN], maxBodyBytes: MAX_BODY_BYTES });
  apiBase = await start(api);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (api) await stop(api);
  await backend?.close();
  await database?.drop();
});

const jsonBody = (answer: HttpAnswer): unknown => JSON.parse(answer.body);
const signInBody = JSON.stringify({ params: { username: 'user', password: DEMO_PASSWORD } });

describe(`the API over HTTP (${BACKEND_NAME})`, () => {
  it('answers an unknown path under /api with 404 and the error shape', async () => {
    const answer = await send(apiBase, '/api/x');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(jsonBody(answer)).toEqual({ message: expect.stringContaining('/api/x'), code: 'unknownPath' });
  });

  it('answers a path outside /api with 404 when no app is served', async () => {
    const answer = await send(apiBase, '/some/page');
    expect(answer.status).toBe(404);
    expect(jsonBody(answer)).toMatchObject({ code: 'unknownPath' });
  });

  it('answers a method a path does not take with 405 and Allow', async () => {
    const answer = await send(apiBase, '/api/users/4', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, PUT, DELETE');
    expect(jsonBody(answer)).toMatchObject({ code: 'methodNotAllowed' });
  });

  it('signs in, and the answer is never cached', async () => {
    const answer = await send(apiBase, '/api/UserLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: APP_KEY },
      body: signInBody,
    });
    expect(answer.status).toBe(200);
    expect(jsonBody(answer)).toMatchObject({ accessToken: expect.any(String) });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a body larger than maxBodyBytes with 413 in the error shape (declared length)', async () => {
    const answer = await send(apiBase, '/api/UserLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: APP_KEY },
      body: JSON.stringify({ params: { username: 'x'.repeat(MAX_BODY_BYTES), password: 'y' } }),
    });
    expect(answer.status).toBe(413);
    expect(jsonBody(answer)).toEqual({ message: expect.stringContaining(String(MAX_BODY_BYTES)), code: 'payloadTooLarge' });
  });

  it('refuses a body larger than maxBodyBytes with 413 in the error shape (chunked, no length)', async () => {
    const chunk = 'x'.repeat(1024);
    const answer = await send(apiBase, '/api/UserLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: APP_KEY },
      body: [chunk, chunk, chunk, chunk],
    });
    expect(answer.status).toBe(413);
    expect(jsonBody(answer)).toMatchObject({ code: 'payloadTooLarge' });
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    const body = signInBody.replace('}}', `}${' '.repeat(MAX_BODY_BYTES - signInBody.length)}}`);
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const answer = await send(apiBase, '/api/UserLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: APP_KEY },
      body,
    });
    expect(answer.status).toBe(200);
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      send(apiBase, '/api/service-units', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });

    it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
      const answer = await preflight(APP_ORIGIN);
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(answer.headers['access-control-allow-methods']).toContain('POST');
      expect(answer.headers['access-control-allow-headers']).toMatch(/Authorization/);
      expect(answer.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
      expect(answer.body).toBe('');
    });

    it('refuses a preflight from another origin with 403 and no CORS headers', async () => {
      const answer = await preflight('http://evil.example');
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(jsonBody(answer)).toMatchObject({ message: expect.any(String), code: 'originNotAllowed' });
    });

    it('lets an allowed origin read an answer, and another origin not', async () => {
      const fromApp = await send(apiBase, '/api/x', { headers: { origin: APP_ORIGIN } });
      expect(fromApp.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(fromApp.headers['vary']).toMatch(/Origin/);
      expect(fromApp.headers['access-control-expose-headers']).toMatch(/Retry-After/);

      const fromElsewhere = await send(apiBase, '/api/x', { headers: { origin: 'http://evil.example' } });
      expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets an allowed origin read the event stream and resume it with Last-Event-ID', async () => {
      const token = await storeSession(backend, 'user');
      const stream = await openStream(apiBase, { token, headers: { origin: APP_ORIGIN } });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      } finally {
        stream.close();
      }
      const refused = await send(apiBase, '/api/events', { headers: { origin: APP_ORIGIN } });
      expect(refused.status).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe(APP_ORIGIN);

      const answer = await send(apiBase, '/api/events', {
        method: 'OPTIONS',
        headers: {
          origin: APP_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, last-event-id',
        },
      });
      expect(answer.headers['access-control-allow-headers']).toMatch(/Last-Event-ID/);
    });
  });
});

describe('the built app beside the API (staticDir)', () => {
  let dir: string;
  let app: Server;
  let appBase: string;
  const INDEX = '<!doctype html><title>Service Unit Admin</title><div id="root"></div>';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sua-static-'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'app.js'), 'console.log("app");\n');
    await writeFile(
      join(dir, '_headers'),
      [
        '/*',
        "  Content-Security-Policy: default-src 'self'",
        '  X-Frame-Options: DENY',
        '',
        '/assets/*',
        '  ! X-Frame-Options',
        '  Cache-Control: public, max-age=31536000, immutable',
        '',
      ].join('\n'),
    );
    app = createHttpServer(backend, { corsOrigins: [], maxBodyBytes: MAX_BODY_BYTES, staticDir: dir });
    appBase = await start(app);
  });

  afterAll(async () => {
    if (app) await stop(app);
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['/', '/some/deep/route'])('serves index.html at %s with the _headers headers', async (path) => {
    const answer = await send(appBase, path);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(INDEX);
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('serves an asset with the headers of its own _headers block', async () => {
    const answer = await send(appBase, '/assets/app.js');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('console.log("app");\n');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('still answers the API under /api, in JSON', async () => {
    const answer = await send(appBase, '/api/x');
    expect(answer.status).toBe(404);
    expect(jsonBody(answer)).toMatchObject({ code: 'unknownPath' });
  });
});
