// A real OpenID provider for local runs and the browser tests: panva's oidc-provider on 127.0.0.1.
//
//   node tests/e2e/oidc/provider.mjs            # http://127.0.0.1:4190, app at http://127.0.0.1:4191
//   OIDC_PORT=4190 OIDC_APP_ORIGINS=http://localhost:5173 node tests/e2e/oidc/provider.mjs
//
// Any login name with any password signs in (oidc-provider's development login and consent pages).
// The app's API is a resource server: its access tokens are JWTs (RS256) with `aud` = OIDC_API_AUDIENCE,
// which the embedded backend verifies against this provider's JWKS (docs/auth.md, "Provider recipe").
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet } from 'jose';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 4190);
const issuer = `http://127.0.0.1:${port}`;
const appOrigins = (process.env.OIDC_APP_ORIGINS ?? 'http://127.0.0.1:4191,http://localhost:5173,http://127.0.0.1:4173')
  .split(',')
  .map((origin) => origin.trim().replace(/\/$/, ''))
  .filter(Boolean);
const clientId = process.env.OIDC_CLIENT_ID ?? 'service-unit-admin';
const audience = process.env.OIDC_API_AUDIENCE ?? 'urn:service-unit-admin:api';
// Short on purpose in the browser tests: a token that expires while the app is open must be renewed.
const accessTokenTtl = Number(process.env.OIDC_ACCESS_TOKEN_TTL_S ?? 300);

// A fresh signing key per start: tokens of an earlier run are refused (as after a key rotation).
const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
const keyInfo = { kid: 'e2e-rs256', alg: 'RS256', use: 'sig' };
const signingKey = { ...(await exportJWK(privateKey)), ...keyInfo };
const ownKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), ...keyInfo }] });

const titleCase = (s) =>
  s.replace(/(^|[\s._-])(\w)/g, (_m, sep, c) => `${sep === '.' || sep === '_' || sep === '-' ? ' ' : sep}${c.toUpperCase()}`);
const accountClaims = (login) => ({
  sub: login,
  name: titleCase(login),
  preferred_username: login,
  email: login.includes('@') ? login : `${login}@provider.example`,
  email_verified: true,
  picture: `${issuer}/avatars/${encodeURIComponent(login)}.svg`,
});
const SCOPE_CLAIMS = { openid: ['sub'], profile: ['name', 'preferred_username', 'picture'], email: ['email', 'email_verified'] };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_name: 'Service Unit Admin',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: appOrigins.flatMap((o) => [`${o}/callback`, `${o}/silent-callback.html`]),
      post_logout_redirect_uris: appOrigins.map((o) => `${o}/login`),
    },
  ],
  cookies: { keys: ['service-unit-admin-e2e-cookie-key'] },
  jwks: { keys: [signingKey] },
  claims: SCOPE_CLAIMS,
  scopes: ['openid', 'offline_access', 'profile', 'email'],
  async findAccount(_ctx, sub) {
    return { accountId: sub, claims: async () => accountClaims(sub) };
  },
  features: {
    devInteractions: { enabled: true },
    revocation: { enabled: true },
    rpInitiatedLogout: { enabled: true },
    resourceIndicators: {
      enabled: true,
      // Every authorization is for the app's API, so the code exchange returns its JWT access token.
      defaultResource: async () => audience,
      useGrantedResource: async () => true,
      getResourceServerInfo: async (_ctx, resource) => {
        if (resource !== audience) throw new Provider.errors.InvalidTarget();
        return {
          scope: 'openid profile email',
          audience,
          accessTokenTTL: accessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
  // Refresh tokens die with the provider session: ending it there ends every renewal.
  expiresWithSession: async () => true,
  rotateRefreshToken: true,
  pkce: { required: () => true },
  ttl: {
    AccessToken: accessTokenTtl,
    AuthorizationCode: 60,
    IdToken: 3600,
    RefreshToken: 24 * 3600,
    Interaction: 3600,
    Session: 24 * 3600,
    Grant: 24 * 3600,
  },
  clientBasedCORS: (_ctx, origin) => appOrigins.includes(origin),
});
// oidc-provider's userinfo endpoint accepts only tokens without an audience; this provider's access
// tokens are for the API. As Auth0 or Keycloak do, its userinfo also answers an API token that it
// signed itself (same issuer, keys and scopes), so `loadUserInfo` works with the one token.
provider.use(async (ctx, next) => {
  if (ctx.path.startsWith('/avatars/')) {
    const login = decodeURIComponent(ctx.path.slice('/avatars/'.length).replace(/\.svg$/, ''));
    const initial = (login[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/g, '?');
    ctx.type = 'image/svg+xml';
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.body = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1c7ed6"/><text x="32" y="42" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
    return;
  }
  const bearer = /^Bearer (.+)$/.exec(ctx.get('authorization') ?? '')?.[1];
  if (ctx.path === '/me' && (ctx.method === 'GET' || ctx.method === 'POST') && bearer?.split('.').length === 3) {
    const origin = ctx.get('origin');
    if (origin && appOrigins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
    }
    ctx.set('Cache-Control', 'no-store');
    try {
      const { payload } = await jwtVerify(bearer, ownKeys, { issuer, audience });
      const scopes = new Set(String(payload.scope ?? '').split(' '));
      if (!scopes.has('openid')) throw new Error('missing openid scope');
      const all = accountClaims(String(payload.sub));
      const claims = {};
      for (const [scope, names] of Object.entries(SCOPE_CLAIMS)) {
        if (scopes.has(scope)) for (const name of names) claims[name] = all[name];
      }
      ctx.type = 'application/json';
      ctx.body = claims;
    } catch (error) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', `Bearer error="invalid_token", error_description="${String(error.message).replace(/"/g, "'")}"`);
      ctx.body = { error: 'invalid_token', error_description: String(error.message) };
    }
    return;
  }
  await next();
});

// Development interactions on plain http at 127.0.0.1: the provider is not behind a proxy.
provider.proxy = false;
const server = createServer(provider.callback());
server.listen(port, '127.0.0.1', () => {
  console.log(`oidc-provider listening on ${issuer} (client ${clientId}, audience ${audience}, access tokens ${accessTokenTtl} s)`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
