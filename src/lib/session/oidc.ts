import type { User, UserManager } from 'oidc-client-ts';
import type { CompletedSignIn, RenewedToken } from '@machines/session/identity.machine';
import { isRoleNumber, type SessionData } from '@machines/session/stored-session';

/** Where the identity provider sends the visitor back. */
export const CALLBACK_PATH = '/callback';

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
  return { authority, clientId, scope: envString(env, 'VITE_OIDC_SCOPE') ?? 'openid profile email' };
}

let manager: Promise<UserManager> | null = null;

/** oidc-client-ts is loaded only when a provider is configured and used. */
async function userManager(settings: OidcSettings): Promise<UserManager> {
  manager ??= import('oidc-client-ts').then(
    ({ UserManager: Manager }) =>
      new Manager({
        authority: settings.authority,
        client_id: settings.clientId,
        redirect_uri: `${globalThis.location.origin}${CALLBACK_PATH}`,
        scope: settings.scope,
        automaticSilentRenew: false,
      }),
  );
  return manager;
}

/** The provider's user as this app's session; the role comes from a numeric `role` claim (default: user). */
export function sessionFromOidcUser(user: User): SessionData {
  const profile = user.profile;
  const roleClaim = (profile as Record<string, unknown>)['role'];
  const role = typeof roleClaim === 'string' ? Number(roleClaim) : roleClaim;
  const defaultRoleId = isRoleNumber(role) ? role : 4;
  return {
    accessToken: user.access_token,
    sessionKey: user.session_state ?? profile.sid ?? profile.sub,
    tokenExpiry: (user.expires_at ?? Math.floor(Date.now() / 1000) + 3600) * 1000,
    user: {
      uid: profile.sub,
      displayName: profile.name ?? profile.preferred_username ?? profile.email ?? profile.sub,
      about: '',
      photoURL: profile.picture ?? '',
      status: 'online',
      userRole: defaultRoleId === 4 ? 'user' : 'admin',
      email: profile.email ?? '',
      providerId: 'oidc',
    },
    defaultRoleId,
    roles: [defaultRoleId],
  };
}

/** Sends the visitor to the provider; `to` comes back through the state. */
export async function startOidcSignIn(settings: OidcSettings, to: string | null): Promise<void> {
  await (await userManager(settings)).signinRedirect({ state: { to } });
}

// The provider's answer can be redeemed once: a second mount (React strict mode) reuses the first call.
const completions = new Map<string, Promise<CompletedSignIn>>();

/** Completes the redirect on /callback: the session, and where the visitor wanted to go. */
export function completeOidcSignIn(settings: OidcSettings, url: string): Promise<CompletedSignIn> {
  let pending = completions.get(url);
  if (!pending) {
    pending = userManager(settings)
      .then((m) => m.signinRedirectCallback(url))
      .then((user) => {
        const state = user.state as { to?: unknown } | undefined;
        return { session: sessionFromOidcUser(user), returnTo: typeof state?.to === 'string' ? state.to : null };
      });
    // A failure may be retried with the same URL.
    pending.catch(() => completions.delete(url));
    completions.set(url, pending);
  }
  return pending;
}

/** Renews the provider token in a hidden frame. */
export async function renewOidcSilently(settings: OidcSettings): Promise<RenewedToken> {
  const user = await (await userManager(settings)).signinSilent();
  if (!user) throw new Error('login_required');
  const session = sessionFromOidcUser(user);
  return { accessToken: session.accessToken, expiresAt: session.tokenExpiry, renewedAt: Date.now() };
}
