import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { Response, type Server } from 'miragejs';
import type { MirageDb } from '../db';
import { errorAnswer, errorResponse, runAuthSync, setProviderAuth, type UserRow } from '../http';
import { organizationStore, type StoredOrg } from '../organization-store';
import { userStore } from '../user-store';
import { signInRefusal } from '../../api/services/auth';
import type { ProviderAuthConfig } from '../types';

/**
 * The embedded backend accepts the identity provider's access tokens (docs/auth.md, "Provider tokens"):
 * a JWT signed with a key of the provider's JWKS, from its issuer, for this API's audience, not expired.
 * Its `sub` (or a verified email) maps to a user; a first sign-in creates a role-4 user in the configured
 * organization. A role claim raises the role only when `VITE_OIDC_ROLE_CLAIM` names it, and never to 1.
 */
export type { ProviderAuthConfig };

export interface ProviderProfile {
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
}

export interface ProviderEndpoints {
  /** The provider's signing keys. */
  keys: JWTVerifyGetKey;
  /** The person's profile from the provider's userinfo endpoint, asked with their own token. */
  userInfo: (accessToken: string) => Promise<ProviderProfile>;
}

export const DEFAULT_AUDIENCE = 'urn:service-unit-admin:api';

const envText = (env: Record<string, unknown> | undefined, key: string): string | null => {
  const value = env?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The provider settings from the build's environment, or null (provider tokens are then refused as unknown). */
export function providerAuthConfig(env: Record<string, unknown> | undefined = import.meta.env): ProviderAuthConfig | null {
  const issuer = envText(env, 'VITE_OIDC_AUTHORITY');
  if (!issuer || !envText(env, 'VITE_OIDC_CLIENT_ID')) return null;
  return {
    issuer,
    audience: envText(env, 'VITE_OIDC_AUDIENCE') ?? DEFAULT_AUDIENCE,
    organization: envText(env, 'VITE_OIDC_ORGANIZATION'),
    roleClaim: envText(env, 'VITE_OIDC_ROLE_CLAIM'),
  };
}

/** Discovery, JWKS and userinfo over the network (the browser's fetch; Mirage passes non-/api calls through). */
export function remoteEndpoints(issuer: string): ProviderEndpoints {
  const base = issuer.replace(/\/$/, '');
  let discovery: Promise<{ jwks_uri: string; userinfo_endpoint?: string }> | null = null;
  const discover = () => {
    discovery ??= fetch(`${base}/.well-known/openid-configuration`).then(async (r) => {
      if (!r.ok) throw new Error(`Provider discovery answered ${r.status}`);
      return (await r.json()) as { jwks_uri: string; userinfo_endpoint?: string };
    });
    discovery.catch(() => (discovery = null));
    return discovery;
  };
  // One key set for every request (it caches the keys and refetches on an unknown kid).
  let jwks: Promise<JWTVerifyGetKey> | null = null;
  return {
    keys: async (header, token) => {
      jwks ??= discover().then((d) => createRemoteJWKSet(new URL(d.jwks_uri)));
      jwks.catch(() => (jwks = null));
      return (await jwks)(header, token);
    },
    userInfo: async (accessToken) => {
      const endpoint = (await discover()).userinfo_endpoint;
      if (!endpoint) return {};
      const r = await fetch(endpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
      if (!r.ok) throw new Error(`Provider userinfo answered ${r.status}`);
      return (await r.json()) as ProviderProfile;
    },
  };
}

/** A bearer that looks like a JWT (three base64url parts); this backend's own tokens are hex. */
export const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** The stable row id of a provider user: re-created the same after a reload that lost the row. */
export const providerUserId = (issuer: string, sub: string) => `oidc:${issuer}|${sub}`;

async function targetOrganization(db: MirageDb, wanted: string | null): Promise<StoredOrg | undefined> {
  const orgs = await organizationStore(db).all();
  if (!wanted) return orgs[0];
  const w = wanted.toLowerCase();
  return orgs.find((o) => String(o.id) === wanted || o.name.toLowerCase() === w || o.domain.toLowerCase() === w);
}

/** A role claim raises the role (a smaller number) to 2 or 3 at most; 1 (super admin) is granted only here. */
export function raisedRole(current: UserRow['roleId'], claim: unknown): UserRow['roleId'] {
  const value = typeof claim === 'string' && /^\d$/.test(claim) ? Number(claim) : claim;
  if (value !== 2 && value !== 3 && value !== 4) return current;
  return value < current ? value : current;
}

const unauthorized = (why: string) => errorResponse(401, `Invalid access token: ${why}`);

/** Why a token was refused, in words a developer can act on. */
function refusalOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `${error.claim} mismatch`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad signature';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'unknown signing key';
  if (error instanceof Error) return error.message;
  return 'unverifiable';
}

/**
 * Verifies a provider access token and finds (or creates) its user. Answers the user, or the 401/403
 * to send. `sync` re-reads accounts another tab stored (browser), so two tabs do not both create one.
 */
export async function authenticateProviderToken(
  db: MirageDb,
  token: string,
  config: ProviderAuthConfig,
  endpoints: ProviderEndpoints,
  now: number,
  sync: () => Promise<void> | null = () => null,
): Promise<UserRow | Response> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, endpoints.keys, {
      issuer: config.issuer,
      audience: config.audience,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp'],
    }));
  } catch (error) {
    return unauthorized(refusalOf(error));
  }
  const sub = String(payload.sub);
  const subject = `${config.issuer}|${sub}`;
  const bySubject = () => userStore(db).withOidcSubject(subject);
  let user: UserRow | undefined = await bySubject();
  if (!user) {
    await sync();
    user = await bySubject();
  }
  if (!user) {
    // The dashboard's first requests arrive together: one of them creates the user, the others wait for it.
    let created = provisioning.get(subject);
    if (!created) {
      created = provision(db, token, sub, subject, config, endpoints, now);
      provisioning.set(subject, created);
      const forget = () => void provisioning.delete(subject);
      created.then(forget, forget);
    }
    const answer = await created;
    if (answer instanceof Response) return answer;
    user = answer;
  }
  return await admitted(db, user, payload, config);
}

const provisioning = new Map<string, Promise<UserRow | Response>>();

/** Checks the account may sign in, and applies a configured role claim. */
async function admitted(db: MirageDb, found: UserRow, payload: JWTPayload, config: ProviderAuthConfig): Promise<UserRow | Response> {
  let user = found;
  const refusal = await signInRefusal({ organizations: organizationStore(db) }, user);
  if (refusal) return errorAnswer(refusal.status, refusal.message, { code: refusal.code });
  if (config.roleClaim) {
    const role = raisedRole(user.roleId, payload[config.roleClaim]);
    if (role !== user.roleId) user = await userStore(db).update(String(user.id), { roleId: role });
  }
  return user;
}

/** A first sign-in: links the account of a verified email, else creates a role-4 user in the configured organization. */
async function provision(
  db: MirageDb,
  token: string,
  sub: string,
  subject: string,
  config: ProviderAuthConfig,
  endpoints: ProviderEndpoints,
  now: number,
): Promise<UserRow | Response> {
  let profile: ProviderProfile;
  try {
    profile = await endpoints.userInfo(token);
  } catch (error) {
    return errorResponse(502, `The identity provider's userinfo could not be read: ${refusalOf(error)}`);
  }
  const email = (profile.email ?? '').trim();
  // A verified email links an existing account of this backend (it keeps its role and organization).
  const byEmail =
    email && profile.email_verified === true
      ? (await userStore(db).withLogin([email.toLowerCase()])).find((u) => u.email.toLowerCase() === email.toLowerCase())
      : undefined;
  if (byEmail) return await userStore(db).update(String(byEmail.id), { oidcSubject: subject });
  const org = await targetOrganization(db, config.organization);
  if (!org) {
    return errorAnswer(
      403,
      `No organization "${config.organization ?? ''}" to place new provider users in. Ask an administrator to set VITE_OIDC_ORGANIZATION.`,
      { code: 'providerOrganizationMissing' },
    );
  }
  const name = profile.name ?? profile.preferred_username ?? (email || sub);
  return await userStore(db).insert({
    id: providerUserId(config.issuer, sub),
    username: email || `${sub}@${new URL(config.issuer).host}`,
    email,
    displayName: name,
    fullName: name,
    phoneNumber: '',
    roleId: 4,
    organizationId: org.id,
    // No password: this account signs in only through the provider.
    salt: '',
    passwordHash: '',
    about: '',
    photoURL: profile.picture ?? '',
    status: 'online',
    providerId: 'oidc',
    createdAt: new Date(now).toISOString(),
    lastSignInAt: new Date(now).toISOString(),
    oidcSubject: subject,
  });
}

/**
 * Makes `withAuth` accept the provider's tokens on this server (a no-op without a configured provider).
 * Called from the auth domain's routes.
 */
export function installProviderAuth(
  server: Server,
  now: () => number,
  config: ProviderAuthConfig | null = providerAuthConfig(),
  endpoints: ProviderEndpoints | null = config ? remoteEndpoints(config.issuer) : null,
): void {
  if (!config || !endpoints) return;
  setProviderAuth(server, (token) =>
    looksLikeJwt(token) ? authenticateProviderToken(server.db, token, config, endpoints, now(), () => runAuthSync(server)) : null,
  );
}
