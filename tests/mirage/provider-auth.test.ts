import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import type { UserRow } from '@mirage/http';
import { makeServer, type Server } from '@mirage/server';
import { apiEnvOf } from '@mirage/api-app';
import { providerAuthConfig, providerTokensOf, type ProviderAuthConfig, type ProviderEndpoints } from '@mirage/oidc/provider-auth';
import { looksLikeJwt, providerCaller, raisedRole, type ProviderProfile } from '../../api/services/provider-tokens';

const ISSUER = 'http://127.0.0.1:4190';
const AUDIENCE = 'urn:service-unit-admin:api';
const NOW = Date.UTC(2026, 0, 1, 12);
const CONFIG: ProviderAuthConfig = { issuer: ISSUER, audience: AUDIENCE, organization: 'Globex Retail', roleClaim: null };

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
});

function token(
  claims: Record<string, unknown> = {},
  options: { key?: CryptoKey; exp?: number; iss?: string; aud?: string; sub?: string } = {},
) {
  return new SignJWT({ scope: 'openid profile email', client_id: 'service-unit-admin', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer(options.iss ?? ISSUER)
    .setAudience(options.aud ?? AUDIENCE)
    .setSubject(options.sub ?? 'ida')
    .setIssuedAt(Math.floor(NOW / 1000) - 10)
    .setExpirationTime(options.exp ?? Math.floor(NOW / 1000) + 60)
    .sign(options.key ?? signingKey);
}

function endpoints(
  profile: ProviderProfile = {
    name: 'Ida Provider',
    email: 'ida@provider.example',
    email_verified: true,
    picture: 'http://127.0.0.1:4190/avatars/ida.svg',
  },
) {
  const asked: string[] = [];
  const value: ProviderEndpoints = {
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    userInfo: async (accessToken) => {
      asked.push(accessToken);
      return profile;
    },
  };
  return { value, asked };
}

/** The status and body of a refusal (a user row is a test failure here). */
async function refusal(answer: UserRow | Response): Promise<{ status: number; body: unknown }> {
  if (!(answer instanceof Response)) throw new Error(`expected a refusal, got user ${String(answer.id)}`);
  return { status: answer.status, body: await answer.json() };
}

describe('provider access tokens in the embedded backend', () => {
  let server: Server;
  beforeAll(async () => {
    server = await makeServer({
      environment: 'test',
      latencyMs: 0,
      now: () => NOW,
      providerAuth: CONFIG,
      providerEndpoints: endpoints().value,
    });
  });
  afterAll(() => server.shutdown());
  /** The API app's check of a provider token, over this server's accounts. */
  const authenticate = (jwt: string, config: ProviderAuthConfig, value: ProviderEndpoints) =>
    providerCaller(apiEnvOf(server), providerTokensOf(config, value), jwt);

  it('a first sign-in creates a role-4 user in the configured organization from the provider profile', async () => {
    const { value, asked } = endpoints();
    const jwt = await token();
    const user = await authenticate(jwt, CONFIG, value);
    expect(user).not.toBeInstanceOf(Response);
    const row = user as UserRow;
    expect(row).toMatchObject({
      displayName: 'Ida Provider',
      email: 'ida@provider.example',
      photoURL: 'http://127.0.0.1:4190/avatars/ida.svg',
      roleId: 4,
      providerId: 'oidc',
      passwordHash: '',
    });
    const globex = table<{ id: string; name: string }>(server.db, 'organizations').where({ name: 'Globex Retail' })[0];
    expect(String(row.organizationId)).toBe(String(globex?.id));
    expect(asked).toEqual([jwt]);
    // The next token of the same subject is the same user, without asking the provider again.
    const again = await authenticate(await token(), CONFIG, value);
    expect((again as UserRow).id).toBe(row.id);
    expect(asked).toHaveLength(1);
  });

  it('a verified email links the existing account, which keeps its role', async () => {
    const { value } = endpoints({ name: 'Adam', email: 'admin@acme.example', email_verified: true });
    const adam = (await authenticate(await token({}, { sub: 'adam' }), CONFIG, value)) as UserRow;
    expect(adam).toMatchObject({ username: 'admin', roleId: 2 });
  });

  it('an unverified email is never linked: a new role-4 user is created', async () => {
    const { value } = endpoints({ name: 'Not Adam', email: 'admin@acme.example', email_verified: false });
    const other = (await authenticate(await token({}, { sub: 'mallory' }), CONFIG, value)) as UserRow;
    expect(other).toMatchObject({ displayName: 'Not Adam', roleId: 4, providerId: 'oidc' });
    expect(other.username).not.toBe('admin');
  });

  it('requests arriving together for a new subject create one user and ask the provider once', async () => {
    const { value, asked } = endpoints({ name: 'Par Allel', email: 'par@provider.example', email_verified: true });
    const jwt = await token({}, { sub: 'parallel' });
    const tokens = providerTokensOf(CONFIG, value);
    const answers = await Promise.all([1, 2, 3].map(() => providerCaller(apiEnvOf(server), tokens, jwt)));
    expect(new Set(answers.map((a) => (a as UserRow).id)).size).toBe(1);
    expect(table<UserRow>(server.db, 'users').where((u) => u.email === 'par@provider.example')).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['an expired token', () => token({}, { exp: Math.floor(NOW / 1000) - 1 }), 'Invalid access token: expired'],
    ['another issuer', () => token({}, { iss: 'http://evil.example' }), 'Invalid access token: iss mismatch'],
    ['another audience', () => token({}, { aud: 'urn:other:api' }), 'Invalid access token: aud mismatch'],
    ['a key the provider does not publish', () => token({}, { key: otherKey }), 'Invalid access token: bad signature'],
  ])('refuses %s with 401', async (_name, make, message) => {
    const answer = await refusal(await authenticate(await make(), CONFIG, endpoints().value));
    expect(answer).toEqual({ status: 401, body: { message } });
  });

  it('a tampered payload fails the signature', async () => {
    const [h, p, s] = (await token()).split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')}.${s}`;
    expect((await refusal(await authenticate(forged, CONFIG, endpoints().value))).status).toBe(401);
  });

  it('refuses a first sign-in with a clear 403 when the configured organization does not exist', async () => {
    const jwt = await token({}, { sub: 'newcomer' });
    const answer = await refusal(
      await authenticate(jwt, { ...CONFIG, organization: 'Nowhere Inc' }, endpoints({ email: 'n@x.example' }).value),
    );
    expect(answer).toMatchObject({ status: 403, body: { code: 'providerOrganizationMissing' } });
  });

  it('serves the API to a provider token, and 401 to a forged one', async () => {
    const me = await fetch('/api/me', { headers: { Authorization: `Bearer ${await token()}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ displayName: 'Ida Provider', defaultRoleId: 4, organization: { name: 'Globex Retail' } });
    const forged = await fetch('/api/me', { headers: { Authorization: `Bearer ${await token({}, { key: otherKey })}` } });
    expect(forged.status).toBe(401);
  });
});

describe('role claims and configuration', () => {
  it('a configured role claim raises the role to 2 or 3 at most, never lowers it', () => {
    expect(raisedRole(4, 2)).toBe(2);
    expect(raisedRole(4, '3')).toBe(3);
    expect(raisedRole(4, 1)).toBe(4);
    expect(raisedRole(2, 4)).toBe(2);
    expect(raisedRole(3, 'admin')).toBe(3);
  });

  it('is off without an authority and client id; the audience has a default', () => {
    expect(providerAuthConfig({})).toBeNull();
    expect(providerAuthConfig({ VITE_OIDC_AUTHORITY: ISSUER })).toBeNull();
    expect(providerAuthConfig({ VITE_OIDC_AUTHORITY: ISSUER, VITE_OIDC_CLIENT_ID: 'c' })).toEqual({
      issuer: ISSUER,
      audience: AUDIENCE,
      organization: null,
      roleClaim: null,
    });
  });

  it('tells provider JWTs from this backend’s hex tokens', () => {
    expect(looksLikeJwt('a1b2c3')).toBe(false);
    expect(looksLikeJwt('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJpZGEifQ.c2ln')).toBe(true);
  });
});
