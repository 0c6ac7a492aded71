import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearOidcStorage,
  forgetPendingRequests,
  idTokenExpiryOf,
  managerSettings,
  oidcSettings,
  revokeRefreshToken,
  sessionFromOidcUser,
} from './oidc';

describe('oidcSettings', () => {
  it('is off unless both authority and client id are set; the scope asks for a refresh token by default', () => {
    expect(oidcSettings({})).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example' })).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example', VITE_OIDC_CLIENT_ID: '  ' })).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example', VITE_OIDC_CLIENT_ID: 'admin-spa' })).toEqual({
      authority: 'https://id.example',
      clientId: 'admin-spa',
      scope: 'openid profile email offline_access',
    });
    expect(
      oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example', VITE_OIDC_CLIENT_ID: 'c', VITE_OIDC_SCOPE: 'openid email' })?.scope,
    ).toBe('openid email');
  });
});

describe('managerSettings', () => {
  it('uses code + PKCE with userinfo, the silent page for prompt=none and /login after sign-out; no renewal of its own', () => {
    const settings = managerSettings({ authority: 'https://id.example', clientId: 'spa', scope: 'openid profile' }, 'https://app.example');
    expect(settings).toMatchObject({
      authority: 'https://id.example',
      client_id: 'spa',
      response_type: 'code',
      redirect_uri: 'https://app.example/callback',
      silent_redirect_uri: 'https://app.example/silent-callback.html',
      post_logout_redirect_uri: 'https://app.example/login',
      loadUserInfo: true,
      automaticSilentRenew: false,
      monitorSession: false,
      // Sign-out revokes the refresh token itself (revokeRefreshToken), so a provider that answers the
      // revocation with an empty text/plain 200 cannot stop the end-session redirect.
      revokeTokensOnSignout: false,
    });
    expect(settings).not.toHaveProperty('disablePKCE');
  });
});

const idToken = (claims: Record<string, unknown>) =>
  ['eyJhbGciOiJSUzI1NiJ9', btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'), 'sig'].join('.');

describe('sessionFromOidcUser', () => {
  const user = (profile: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      access_token: 'at',
      id_token: idToken({ sub: 'sub-1', exp: 1_900_000_000 }),
      session_state: 'ss',
      expires_at: 2_000_000_000,
      profile: { sub: 'sub-1', ...profile },
      ...extra,
    }) as unknown as User;

  it('maps the provider profile to the session user, with the ID token’s expiry beside the access token’s', () => {
    const session = sessionFromOidcUser(user({ name: 'Ida Admin', email: 'ida@example.com', picture: 'https://p/ida.png' }));
    expect(session).toEqual({
      accessToken: 'at',
      sessionKey: 'ss',
      tokenExpiry: 2_000_000_000_000,
      idTokenExpiry: 1_900_000_000_000,
      defaultRoleId: 4,
      roles: [4],
      user: {
        uid: 'sub-1',
        displayName: 'Ida Admin',
        about: '',
        photoURL: 'https://p/ida.png',
        status: 'online',
        userRole: 'user',
        email: 'ida@example.com',
        providerId: 'oidc',
      },
    });
  });

  it('never takes the role from a claim (the server decides) and falls back to a readable name', () => {
    const session = sessionFromOidcUser(user({ preferred_username: 'ida', role: '1' }, { session_state: null }));
    expect(session.defaultRoleId).toBe(4);
    expect(session.user.displayName).toBe('ida');
    expect(session.sessionKey).toBe('sub-1');
  });

  it('reads the expiry from the ID token, else the profile, else 0 (expired)', () => {
    expect(idTokenExpiryOf({ id_token: idToken({ exp: 10 }), profile: { sub: 's', exp: 20 } as User['profile'] })).toBe(10_000);
    expect(idTokenExpiryOf({ id_token: 'not-a-jwt', profile: { sub: 's', exp: 20 } as User['profile'] })).toBe(20_000);
    expect(idTokenExpiryOf({ id_token: undefined, profile: { sub: 's' } as User['profile'] })).toBe(0);
  });
});

describe('oidc.* storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeStorage(entries: Record<string, string>): Storage {
    const map = new Map(Object.entries(entries));
    return {
      get length() {
        return map.size;
      },
      key: (i) => [...map.keys()][i] ?? null,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
      clear: () => map.clear(),
    };
  }
  const keysOf = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i));

  it('a refused callback forgets every pending request but keeps the signed-in user and other keys', () => {
    const store = fakeStorage({ 'oidc.abc': '{}', 'oidc.def': '{}', 'oidc.user:https://id:spa': '{}', accessToken: 't' });
    vi.stubGlobal('localStorage', store);
    forgetPendingRequests();
    expect(keysOf(store)).toEqual(['oidc.user:https://id:spa', 'accessToken']);
  });

  it('sign-out clears every oidc.* key', () => {
    const store = fakeStorage({ 'oidc.abc': '{}', 'oidc.user:https://id:spa': '{}', theme: 'dark' });
    vi.stubGlobal('localStorage', store);
    clearOidcStorage();
    expect(keysOf(store)).toEqual(['theme']);
  });
});

describe('revokeRefreshToken (RFC 7009)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the refresh token with its hint and the public client id, and takes any 200 (the body is ignored)', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(revokeRefreshToken('https://id.example/token/revocation', 'spa', 'rt-1')).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://id.example/token/revocation');
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      token: 'rt-1',
      token_type_hint: 'refresh_token',
      client_id: 'spa',
    });
  });

  it('rejects a refusal, and asks nothing without a token or an endpoint', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"error":"invalid_client"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(revokeRefreshToken('https://id.example/token/revocation', 'spa', 'rt-1')).rejects.toThrow('401');
    await revokeRefreshToken(undefined, 'spa', 'rt-1');
    await revokeRefreshToken('https://id.example/token/revocation', 'spa', undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
