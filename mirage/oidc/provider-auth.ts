import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ProviderAuthConfig, ProviderProfile, ProviderTokens } from '../../api/services/provider-tokens';

/**
 * The adapter's side of the identity provider's access tokens (the rules are api/services/provider-tokens.ts):
 * the configuration from the environment, and the JWT's check against the provider's JWKS (jose), for both
 * backends (the server gives the same to its app).
 */
export type { ProviderAuthConfig, ProviderProfile };

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

/** How long, and for how many tokens, a profile asked of the provider is kept. */
const PROFILE_KEPT_MS = 60_000;
const PROFILES_KEPT = 100;

/** Why a token was refused, in words a developer can act on. */
function refusalOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `${error.claim} mismatch`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'bad signature';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'unknown signing key';
  if (error instanceof Error) return error.message;
  return 'unverifiable';
}

/** The provider's tokens as the API app checks them: signed by its keys, from its issuer, for this API, not expired. */
export function providerTokensOf(
  config: ProviderAuthConfig,
  endpoints: ProviderEndpoints = remoteEndpoints(config.issuer),
): ProviderTokens {
  const profiles = new Map<string, { profile: Promise<ProviderProfile>; until: number }>();
  return {
    config,
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, endpoints.keys, {
          issuer: config.issuer,
          audience: config.audience,
          currentDate: new Date(now),
          requiredClaims: ['sub', 'exp'],
        });
        return { claims: payload };
      } catch (error) {
        return { refused: refusalOf(error) };
      }
    },
    userInfo(accessToken) {
      // A request that runs again (the server's read that turned out to write) asks the provider once.
      const known = profiles.get(accessToken);
      if (known && known.until > Date.now()) return known.profile;
      const profile = endpoints.userInfo(accessToken);
      profiles.set(accessToken, { profile, until: Date.now() + PROFILE_KEPT_MS });
      profile.catch(() => profiles.delete(accessToken));
      for (const [key, entry] of profiles) if (profiles.size > PROFILES_KEPT || entry.until <= Date.now()) profiles.delete(key);
      return profile;
    },
  };
}
