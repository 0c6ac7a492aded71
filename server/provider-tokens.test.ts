import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from './backend';
import { call, jsonOf, signIn } from './test-support/api';
import { BACKEND_NAME, createTestDatabase, type TestDatabase } from './test-support/database';

/*
 * The server accepts an identity provider's access tokens through the API app's own rules
 * (api/services/provider-tokens.ts): its keys and userinfo are asked of a provider over HTTP, here a small
 * one on a local port, and the account it creates is a row of PostgreSQL's users table.
 */

const SETUP_TIMEOUT_MS = 120_000;
const AUDIENCE = 'urn:service-unit-admin:api';

let provider: Server;
let issuer: string;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let database: TestDatabase;
let backend: Backend;
const userInfoCalls: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  provider = createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration')
      send({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/me` });
    else if (request.url === '/jwks') send({ keys: [jwk] });
    else if (request.url === '/me') {
      userInfoCalls.push(request.headers.authorization ?? '');
      send({ name: 'Grace Provider', email: 'grace@provider.example', email_verified: true, picture: `${issuer}/grace.svg` });
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({
    sql: database.sql,
    providerAuth: { issuer, audience: AUDIENCE, organization: 'Globex Retail', roleClaim: null },
  });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await backend?.close();
  await database?.drop();
  await new Promise((resolve) => provider?.close(resolve));
});

const token = (key = signingKey, sub = 'grace') =>
  new SignJWT({ scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('2m')
    .sign(key);

describe(`provider access tokens on the server (${BACKEND_NAME})`, () => {
  it('a first call creates the account in the configured organization, stored in the users table', async () => {
    const jwt = await token();
    const me = await call(backend, '/api/me', { token: jwt });
    expect(me.status).toBe(200);
    expect(jsonOf(me)).toMatchObject({
      displayName: 'Grace Provider',
      email: 'grace@provider.example',
      organization: { name: 'Globex Retail' },
    });
    expect(userInfoCalls).toEqual([`Bearer ${jwt}`]);
    const stored = await database.sql.query<{ role_id: number; provider_id: string }>(
      "SELECT role_id, provider_id FROM users WHERE email = 'grace@provider.example'",
    );
    expect(stored.rows).toEqual([{ role_id: 4, provider_id: 'oidc' }]);
  });

  it('the next token of the same person is the same account, without asking the provider again', async () => {
    const me = await call(backend, '/api/me', { token: await token() });
    expect(me.status).toBe(200);
    expect(userInfoCalls).toHaveLength(1);
    const count = await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = 'grace@provider.example'");
    expect(count.rows[0]?.n).toBe(1);
  });

  it('a token signed with a key the provider does not publish gets 401, and one of this backend’s kind still works', async () => {
    const forged = await call(backend, '/api/me', { token: await token(strangerKey) });
    expect(forged.status).toBe(401);
    expect(jsonOf<{ message: string }>(forged).message).toMatch(/^Invalid access token: /);
    const own = await call(backend, '/api/me', { token: await signIn(backend, 'user') });
    expect(jsonOf(own)).toMatchObject({ email: 'user@acme.example' });
  });
});
