import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { CompletedSignIn } from '@machines/session/identity-callback.machine';
import { providerRenewalMachine, type RenewedProviderToken, type StoredProviderState } from '@machines/session/provider-renewal.machine';
import type { SessionData } from '@machines/session/stored-session';
import type { OidcSettings } from './oidc-settings';
import { providerUserDatabase, providerUserStore } from './provider-user-store';

// The settings are read at start (the login page's provider button); this module and oidc-client-ts load only
// when a provider is used, so a visit without one never downloads them.
export { DEFAULT_OIDC_SCOPE, oidcSettings, type OidcSettings } from './oidc-settings';

/** Where the identity provider sends the visitor back. */
export const CALLBACK_PATH = '/callback';
/** The hidden frame's page: completes a `prompt=none` answer and nothing else (silent-callback.html). */
export const SILENT_CALLBACK_PATH = '/silent-callback.html';
/** Every key oidc-client-ts writes (pending requests and the provider's user) starts with this. */
export const OIDC_KEY_PREFIX = 'oidc.';
/** Sign-ins across tabs renew one at a time under this lock. */
export const RENEWAL_LOCK = 'service-unit-admin-oidc-renewal';
/** What the session machine hands to a renewal (mirrors ProviderRenewalInput of the session machine). */
export interface ProviderRenewalInput {
  accessToken: string;
  reason: 'start' | 'expiring' | 'unauthorized';
}
export type ProviderToken = RenewedProviderToken;

const hasScope = (settings: OidcSettings, scope: string) => settings.scope.split(/\s+/).includes(scope);

/** The UserManager's settings without the storage objects (which need the oidc-client-ts module). */
export function managerSettings(settings: OidcSettings, origin: string): Omit<UserManagerSettings, 'userStore' | 'stateStore'> {
  return {
    authority: settings.authority,
    client_id: settings.clientId,
    scope: settings.scope,
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/login`,
    // The provider's name, email and picture come from its userinfo endpoint.
    loadUserInfo: true,
    // The session machine schedules renewals (and serialises them across tabs): none of the library's own.
    automaticSilentRenew: false,
    monitorSession: false,
    // Sign-out revokes the refresh token itself (revokeRefreshToken): the library insists on a JSON answer,
    // which RFC 7009 does not require (oidc-provider answers an empty text/plain 200), and a failed revoke
    // would stop its signoutRedirect before the end-session page (authts/oidc-client-ts#2272).
    revokeTokensOnSignout: false,
    silentRequestTimeoutInSeconds: 10,
  };
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

let manager: Promise<UserManager> | null = null;
let managerFor: string | null = null;

/** oidc-client-ts is loaded only when a provider is configured and used (its own chunk). */
async function userManager(settings: OidcSettings): Promise<UserManager> {
  const key = `${settings.authority}|${settings.clientId}|${settings.scope}`;
  if (!manager || managerFor !== key) {
    managerFor = key;
    manager = import('oidc-client-ts').then(({ UserManager: Manager, WebStorageStateStore }) => {
      const store = storage();
      const idb = providerUserDatabase();
      // Every tab shares the provider's user, so a rotated refresh token is never reused: IndexedDB, which the
      // next holder of the renewal lock reads as the last one left it (provider-user-store.ts). The pending
      // sign-in requests stay in localStorage (this tab writes and reads them).
      const userStore = store || idb ? { userStore: providerUserStore({ prefix: OIDC_KEY_PREFIX, idb, legacy: store }) } : {};
      const stateStore = store ? { stateStore: new WebStorageStateStore({ store, prefix: OIDC_KEY_PREFIX }) } : {};
      return new Manager({ ...managerSettings(settings, globalThis.location.origin), ...userStore, ...stateStore });
    });
  }
  return manager;
}

function decodeJwtPayload(token: string | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The ID token's `exp` in epoch ms (0 when it has none: treated as expired). */
export function idTokenExpiryOf(user: Pick<User, 'id_token' | 'profile'>): number {
  const exp = decodeJwtPayload(user.id_token)?.['exp'] ?? user.profile.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : 0;
}

function tokenOf(user: User): ProviderToken {
  return {
    accessToken: user.access_token,
    tokenExpiry: (user.expires_at ?? Math.floor(Date.now() / 1000) + 60) * 1000,
    idTokenExpiry: idTokenExpiryOf(user),
  };
}

/**
 * The provider's user as this app's session. The role is never taken from a claim here: the session
 * starts as a user (role 4) and the server's `GET /api/me` decides (docs/auth.md, "Provider roles").
 */
export function sessionFromOidcUser(user: User): SessionData {
  const profile = user.profile;
  const token = tokenOf(user);
  return {
    accessToken: token.accessToken,
    sessionKey: user.session_state ?? (typeof profile.sid === 'string' ? profile.sid : profile.sub),
    tokenExpiry: token.tokenExpiry,
    idTokenExpiry: token.idTokenExpiry,
    user: {
      uid: profile.sub,
      displayName: profile.name ?? profile.preferred_username ?? profile.email ?? profile.sub,
      about: '',
      photoURL: profile.picture ?? '',
      status: 'online',
      userRole: 'user',
      email: profile.email ?? '',
      providerId: 'oidc',
    },
    defaultRoleId: 4,
    roles: [4],
  };
}

/** Sends the visitor to the provider; `to` comes back through the state. */
export async function startOidcSignIn(settings: OidcSettings, to: string | null): Promise<void> {
  const m = await userManager(settings);
  // Requests older than a few minutes (abandoned sign-ins) leave no `oidc.<state>` entry behind.
  await m.clearStaleState().catch(() => undefined);
  // A refresh token (offline_access) is granted only with consent asked for (OpenID Connect Core 11).
  await m.signinRedirect({ state: { to }, ...(hasScope(settings, 'offline_access') ? { prompt: 'consent' } : {}) });
}

/** The keys of pending sign-in requests (`oidc.<state>`), not the provider's user. */
function pendingRequestKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(OIDC_KEY_PREFIX) && !key.startsWith(`${OIDC_KEY_PREFIX}user:`)) keys.push(key);
  }
  return keys;
}

/** A refused callback (tampered or replayed state) leaves no pending request behind. */
export function forgetPendingRequests(): void {
  const store = storage();
  if (store) for (const key of pendingRequestKeys(store)) store.removeItem(key);
}

/** Removes every `oidc.*` key (sign-out). */
export function clearOidcStorage(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(OIDC_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
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
    completions.set(url, pending);
  }
  return pending;
}

/** Runs `task` while holding the cross-tab renewal lock (directly where Web Locks are missing). */
async function withRenewalLock<T>(signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return task();
  return locks.request(RENEWAL_LOCK, signal ? { signal } : {}, task);
}

function storedNumber(store: Storage | null, key: string): number | null {
  const raw = store?.getItem(key) ?? null;
  const value = raw !== null && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

/** What storage says when a renewal starts (read inside the lock). */
async function readStored(m: UserManager, accessToken: string): Promise<StoredProviderState> {
  const user = await m.getUser();
  const now = Date.now();
  // The renewing tab stores the provider's user before it releases the lock.
  if (user && user.access_token !== accessToken && (user.expires_at ?? 0) * 1000 > now) {
    return { renewedElsewhere: tokenOf(user), hasRefreshToken: Boolean(user.refresh_token) };
  }
  // The session machine's own copy, only where the provider's user is not stored: the app writes it after the
  // provider's user, and this tab's localStorage may still show an older one (provider-user-store.ts).
  if (user) return { renewedElsewhere: null, hasRefreshToken: Boolean(user.refresh_token) };
  const store = storage();
  const shared = store?.getItem('accessToken') ?? null;
  const tokenExpiry = storedNumber(store, 'tokenExpiry');
  const idTokenExpiry = storedNumber(store, 'idTokenExpiry');
  if (shared && shared !== accessToken && tokenExpiry !== null && tokenExpiry > now && idTokenExpiry !== null) {
    return { renewedElsewhere: { accessToken: shared, tokenExpiry, idTokenExpiry }, hasRefreshToken: false };
  }
  return { renewedElsewhere: null, hasRefreshToken: false };
}

/**
 * Renews the provider's access token for the session machine: one tab at a time (Web Locks), a token
 * another tab renewed meanwhile is taken without a call, else the refresh token (rotated by the
 * provider), else a hidden frame with `prompt=none` on silent-callback.html. Rejects when the provider
 * refuses (its session ended): the machine retries once, then ends the session with a notice.
 */
export function renewProviderToken(settings: OidcSettings, input: ProviderRenewalInput, signal?: AbortSignal): Promise<ProviderToken> {
  return withRenewalLock(signal, async () => {
    signal?.throwIfAborted();
    const m = await userManager(settings);
    const renewal = createActor(
      providerRenewalMachine.provide({
        actors: {
          readStored: fromPromise<StoredProviderState, { accessToken: string }>(({ input: i }) => readStored(m, i.accessToken)),
          useRefreshToken: fromPromise<ProviderToken>(async () => {
            // A renewal this tab no longer waits for (another tab's token came, a sign-out) asks the provider nothing.
            signal?.throwIfAborted();
            // signinSilent uses the stored refresh token when there is one.
            const user = await m.signinSilent();
            if (!user) throw new Error('login_required');
            return tokenOf(user);
          }),
          renewInFrame: fromPromise<ProviderToken>(async () => {
            // Nor does it drop the refresh token of the user another tab has stored meanwhile.
            signal?.throwIfAborted();
            // Without a (usable) refresh token signinSilent opens the hidden frame with prompt=none.
            const stored = await m.getUser();
            if (stored?.refresh_token) {
              stored.refresh_token = undefined;
              await m.storeUser(stored);
            }
            const user = await m.signinSilent();
            if (!user) throw new Error('login_required');
            return tokenOf(user);
          }),
        },
      }),
      { input: { accessToken: input.accessToken } },
    );
    renewal.start();
    const output = await toPromise(renewal);
    if ('error' in output) throw new Error(output.error);
    return output.token;
  });
}

/**
 * Revokes the provider's refresh token (RFC 7009): a form POST to its revocation endpoint; only the
 * status counts, the body is ignored. Best effort: ending the provider session ends it too.
 */
export async function revokeRefreshToken(endpoint: string | undefined, clientId: string, refreshToken: string | undefined): Promise<void> {
  if (!endpoint || !refreshToken) return;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: clientId }).toString(),
  });
  if (!response.ok) throw new Error(`The revocation endpoint answered ${response.status}`);
}

/**
 * Ends the provider session: revokes the refresh token, forgets the provider's user and every `oidc.*`
 * key, then sends the browser to the provider's end-session endpoint (with the ID token as
 * `id_token_hint`), which returns to /login. Resolves only if the page comes back without leaving;
 * rejects when the end-session request cannot be made (nothing of the provider stays here either way).
 */
export async function endProviderSession(settings: OidcSettings): Promise<void> {
  const m = await userManager(settings);
  const user = await m.getUser().catch(() => null);
  try {
    await revokeRefreshToken(await m.metadataService.getRevocationEndpoint(), settings.clientId, user?.refresh_token);
  } catch (error) {
    console.warn('The refresh token could not be revoked; ending the provider session ends it:', error);
  }
  // Nothing of the provider stays in this browser, whatever the end-session page does.
  await m.removeUser().catch(() => undefined);
  clearOidcStorage();
  try {
    await m.signoutRedirect({
      post_logout_redirect_uri: `${globalThis.location.origin}/login`,
      ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
    });
  } catch (error) {
    console.warn('The identity provider session could not be ended:', error);
    throw error;
  }
}
