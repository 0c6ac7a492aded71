import { newAccount, type AdminUserRow } from '../../core/users';
import type { ApiEnv } from '../env';
import { problem } from '../http';
import { signInRefusal } from './auth';

/**
 * The identity provider's access tokens (docs/auth.md, "Provider tokens"): a JWT signed with a key of the
 * provider's JWKS, from its issuer, for this API's audience, not expired. Its `sub` (or a verified email) maps to
 * an account; a first sign-in creates a role-4 account in the configured organization. A role claim raises the
 * role only when configured to, and never to 1. Verifying the signature is the adapter's (`env.providerTokens`),
 * the accounts are the rules' own.
 */

/** The identity provider whose access tokens the API accepts. */
export interface ProviderAuthConfig {
  /** The provider's issuer (VITE_OIDC_AUTHORITY). */
  issuer: string;
  /** This API's audience (VITE_OIDC_AUDIENCE, default urn:service-unit-admin:api). */
  audience: string;
  /** Name or domain of the organization new provider users join (VITE_OIDC_ORGANIZATION; default the first one). */
  organization: string | null;
  /** The access-token claim that may raise a role (VITE_OIDC_ROLE_CLAIM; unset: roles come only from this backend). */
  roleClaim: string | null;
}

/** What the provider's userinfo endpoint says of a person. */
export interface ProviderProfile {
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
}

/** A token's claims once its signature, issuer, audience and expiry were checked, or why it was refused. */
export type VerifiedToken = { claims: Readonly<Record<string, unknown>> } | { refused: string };

/** The adapter's side: the configuration, the signature check and the profile (both need the network). */
export interface ProviderTokens {
  config: ProviderAuthConfig;
  verify(token: string, now: number): Promise<VerifiedToken>;
  /** The person's profile from the provider's userinfo endpoint, asked with their own token. */
  userInfo(accessToken: string): Promise<ProviderProfile>;
}

export type ProviderEnv = Pick<ApiEnv, 'users' | 'organizations' | 'syncAuth' | 'now'>;

/** A bearer that looks like a JWT (three base64url parts); this backend's own tokens are hex. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** The stable row id of a provider user: re-created the same after a reload that lost the row. */
export const providerUserId = (issuer: string, sub: string): string => `oidc:${issuer}|${sub}`;

/** A role claim raises the role (a smaller number) to 2 or 3 at most; 1 (super admin) is granted only here. */
export function raisedRole(current: AdminUserRow['roleId'], claim: unknown): AdminUserRow['roleId'] {
  const value = typeof claim === 'string' && /^\d$/.test(claim) ? Number(claim) : claim;
  if (value !== 2 && value !== 3 && value !== 4) return current;
  return value < current ? value : current;
}

const unauthorized = (why: string): Response => problem(401, `Invalid access token: ${why}`);

/**
 * The caller of a provider token: its account, found by subject, linked by a verified email or created; or
 * the 401/403/502 to answer. Accounts another tab stored are read first (`env.syncAuth`), so two tabs do not
 * both create one.
 */
export async function providerCaller(env: ProviderEnv, tokens: ProviderTokens, token: string): Promise<AdminUserRow | Response> {
  const verified = await tokens.verify(token, env.now());
  if ('refused' in verified) return unauthorized(verified.refused);
  const { claims } = verified;
  const sub = String(claims['sub']);
  const subject = `${tokens.config.issuer}|${sub}`;
  const bySubject = () => env.users.withOidcSubject(subject);
  let user = await bySubject();
  if (!user) {
    await env.syncAuth?.(null);
    user = await bySubject();
  }
  if (!user) {
    const answer = await provisioned(env, tokens, token, sub, subject);
    if (answer instanceof Response) return answer;
    user = answer;
  }
  return admitted(env, tokens.config, user, claims);
}

/** The dashboard's first requests arrive together: one creates the account, the others wait for it (per backend's provider). */
const provisioning = new WeakMap<ProviderTokens, Map<string, Promise<AdminUserRow | Response>>>();

function provisioned(env: ProviderEnv, tokens: ProviderTokens, token: string, sub: string, subject: string) {
  let running = provisioning.get(tokens);
  if (!running) provisioning.set(tokens, (running = new Map()));
  const pending = running;
  let created = pending.get(subject);
  if (!created) {
    created = provision(env, tokens, token, sub, subject);
    pending.set(subject, created);
    const forget = () => void pending.delete(subject);
    created.then(forget, forget);
  }
  return created;
}

/** Checks the account may sign in, and applies a configured role claim. */
async function admitted(
  env: ProviderEnv,
  config: ProviderAuthConfig,
  found: AdminUserRow,
  claims: Readonly<Record<string, unknown>>,
): Promise<AdminUserRow | Response> {
  const refusal = await signInRefusal(env, found);
  if (refusal) return problem(refusal.status, refusal.message, { code: refusal.code });
  if (!config.roleClaim) return found;
  const role = raisedRole(found.roleId, claims[config.roleClaim]);
  return role === found.roleId ? found : env.users.update(String(found.id), { roleId: role });
}

async function targetOrganization(env: ProviderEnv, wanted: string | null) {
  const orgs = await env.organizations.all();
  if (!wanted) return orgs[0];
  const w = wanted.toLowerCase();
  return orgs.find((o) => String(o.id) === wanted || o.name.toLowerCase() === w || o.domain.toLowerCase() === w);
}

/** A first sign-in: links the account of a verified email, else creates a role-4 account in the configured organization. */
async function provision(
  env: ProviderEnv,
  tokens: ProviderTokens,
  token: string,
  sub: string,
  subject: string,
): Promise<AdminUserRow | Response> {
  const { config } = tokens;
  let profile: ProviderProfile;
  try {
    profile = await tokens.userInfo(token);
  } catch (error) {
    return problem(502, `The identity provider's userinfo could not be read: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const email = (profile.email ?? '').trim();
  // A verified email links an existing account of this backend (it keeps its role and organization).
  const byEmail =
    email && profile.email_verified === true
      ? (await env.users.withLogin([email.toLowerCase()])).find((u) => u.email.toLowerCase() === email.toLowerCase())
      : undefined;
  if (byEmail) return env.users.update(String(byEmail.id), { oidcSubject: subject });
  const org = await targetOrganization(env, config.organization);
  if (!org) {
    return problem(
      403,
      `No organization "${config.organization ?? ''}" to place new provider users in. Ask an administrator to set VITE_OIDC_ORGANIZATION.`,
      { code: 'providerOrganizationMissing' },
    );
  }
  const name = profile.name ?? profile.preferred_username ?? (email || sub);
  const at = new Date(env.now()).toISOString();
  return env.users.insert({
    ...newAccount({
      username: email || `${sub}@${new URL(config.issuer).host}`,
      email,
      fullName: name,
      phoneNumber: '',
      roleId: 4,
      organizationId: org.id,
      // No password: this account signs in only through the provider.
      salt: '',
      passwordHash: '',
      createdAt: at,
    }),
    id: providerUserId(config.issuer, sub),
    photoURL: profile.picture ?? '',
    providerId: 'oidc',
    lastSignInAt: at,
    oidcSubject: subject,
  });
}
