import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { oidcSettings, sessionFromOidcUser } from './oidc';

describe('oidcSettings', () => {
  it('is off unless both authority and client id are set', () => {
    expect(oidcSettings({})).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example' })).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example', VITE_OIDC_CLIENT_ID: '  ' })).toBeNull();
    expect(oidcSettings({ VITE_OIDC_AUTHORITY: 'https://id.example', VITE_OIDC_CLIENT_ID: 'admin-spa' })).toEqual({
      authority: 'https://id.example',
      clientId: 'admin-spa',
      scope: 'openid profile email',
    });
  });
});

describe('sessionFromOidcUser', () => {
  const user = (profile: Record<string, unknown>, extra: Partial<User> = {}) =>
    ({ access_token: 'at', session_state: 'ss', expires_at: 2_000_000_000, profile: { sub: 'sub-1', ...profile }, ...extra }) as unknown as User;

  it('maps the provider profile to the session user and its role claim', () => {
    const session = sessionFromOidcUser(user({ name: 'Ida Admin', email: 'ida@example.com', picture: 'https://p/ida.png', role: '2' }));
    expect(session).toEqual({
      accessToken: 'at',
      sessionKey: 'ss',
      tokenExpiry: 2_000_000_000_000,
      defaultRoleId: 2,
      roles: [2],
      user: {
        uid: 'sub-1',
        displayName: 'Ida Admin',
        about: '',
        photoURL: 'https://p/ida.png',
        status: 'online',
        userRole: 'admin',
        email: 'ida@example.com',
        providerId: 'oidc',
      },
    });
  });

  it('defaults to the user role and a readable name', () => {
    const session = sessionFromOidcUser(user({ preferred_username: 'ida', role: 'superuser' }, { session_state: null }));
    expect(session.defaultRoleId).toBe(4);
    expect(session.user.displayName).toBe('ida');
    expect(session.sessionKey).toBe('sub-1');
  });
});
