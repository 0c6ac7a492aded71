/**
 * Whether an identity provider is configured, and how (build time). Apart from src/lib/session/oidc.ts, which
 * is loaded with `import()` only when a provider is used: the entry needs just these few lines.
 */
export const DEFAULT_OIDC_SCOPE = 'openid profile email offline_access';

export interface OidcSettings {
  authority: string;
  clientId: string;
  scope: string;
}

const envString = (env: Record<string, unknown>, key: string): string | undefined => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** OpenID Connect is on when `VITE_OIDC_AUTHORITY` and `VITE_OIDC_CLIENT_ID` are set (build time). */
export function oidcSettings(env: Record<string, unknown> = import.meta.env): OidcSettings | null {
  const authority = envString(env, 'VITE_OIDC_AUTHORITY');
  const clientId = envString(env, 'VITE_OIDC_CLIENT_ID');
  if (!authority || !clientId) return null;
  return { authority, clientId, scope: envString(env, 'VITE_OIDC_SCOPE') ?? DEFAULT_OIDC_SCOPE };
}
