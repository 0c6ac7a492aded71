import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmedOf,
  createSessionHarness,
  FAR_EXPIRY,
  PROVIDER_SESSION,
  sessionIn,
  storedOf,
  type SessionHarness,
} from '../testing/session-harness';
import { RENEWAL_LEAD_MS } from './delays';
import { SessionExpiredError } from './session.errors';
import type { TabMessage } from './tab-protocol';
import { IDLE_MS, outcome, providerSession } from './session.test-support';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});
describe('identity provider sessions', () => {
  it('a session back from /callback is stored, shared, announced, and its role confirmed by the server', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.signedIn', session: { ...PROVIDER_SESSION, defaultRoleId: 4, roles: [4] } });
    expect(h.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(h.storage).toEqual(['persistSession:provider-token-1']);
    expect(h.posted()).toEqual([{ type: 'signedIn', session: { ...PROVIDER_SESSION, defaultRoleId: 4, roles: [4] } }]);
    expect(h.emitted).toContainEqual({ type: 'signedIn', user: PROVIDER_SESSION.user, defaultRoleId: 4 });
    // The provider's token is never exchanged at /api/auth/refresh-token, not even by GET /api/me.
    expect(h.fakes.fetchMe.last().input).toEqual({ accessToken: 'provider-token-1', refresh: false });
    h.fakes.fetchMe.last().resolve(confirmedOf(PROVIDER_SESSION));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active', token: 'valid' } })).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ confirmed: true, defaultRoleId: 2, idTokenExpiry: FAR_EXPIRY });
  });

  it('a provider session is never locked (no password here to unlock with), by hand or when idle', async () => {
    const h = await providerSession(PROVIDER_SESSION, IDLE_MS);
    expect(h.actor.getSnapshot().can({ type: 'session.lock' })).toBe(false);
    h.actor.send({ type: 'session.lock' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(h.actor.getSnapshot().matches({ signedIn: { access: 'active' } })).toBe(true);
    expect(h.fakes.lock.calls).toHaveLength(0);
  });

  it('an expired ID token is refused: nothing stored, a translated error', async () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.signedIn', session: { ...PROVIDER_SESSION, idTokenExpiry: Date.now() - 1 } });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.providerTokenExpired');
    expect(h.storage).toEqual([]);
    expect(h.emitted).toContainEqual({ type: 'providerSignInRefused' });
  });

  it.each([
    ['a callback error', 'access_denied'],
    ['a state mismatch', 'state_mismatch'],
  ])('%s at /callback stays signed out with the error name', (_name, error) => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.provider.failed', error });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context).toMatchObject({ error: 'auth.providerFailed', errorMessage: error });
    expect(h.emitted).toContainEqual({ type: 'providerSignInFailed', error });
  });

  it('a 401 in a provider session renews through the provider, never /api/auth/refresh-token', async () => {
    const h = await providerSession();
    const r = outcome(h.unauthorized('provider-token-1'));
    expect(h.fakes.refreshToken.calls).toHaveLength(0);
    expect(h.fakes.renewProvider.last().input).toEqual({ accessToken: 'provider-token-1', reason: 'unauthorized' });
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 });
    await h.settle();
    expect(r.token).toBe('provider-token-2');
    expect(h.actor.getSnapshot().context).toMatchObject({ tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 });
    expect(h.posted()).toContainEqual({
      type: 'tokenRefreshed',
      token: { accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 2 },
    });
  });

  it('renews a minute before the token expires', async () => {
    const h = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: Date.now() + 10 * 60_000 });
    await vi.advanceTimersByTimeAsync(9 * 60_000 - 1);
    expect(h.fakes.renewProvider.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fakes.renewProvider.last().input.reason).toBe('expiring');
    expect(RENEWAL_LEAD_MS).toBe(60_000);
  });

  it('a failed renewal is retried once, then the session ends with the renewal notice', async () => {
    const h = await providerSession();
    const r = outcome(h.unauthorized('provider-token-1'));
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { token: { renewingSilently: 'retry' } } })).toBe(true);
    expect(h.fakes.renewProvider.calls).toHaveLength(2);
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.error).toBe('auth.renewalFailed');
    expect(r.error).toBeInstanceOf(SessionExpiredError);
    expect(h.storage).toContain('clearStoredSession');
    expect(h.posted()).toContainEqual({ type: 'signedOut' });
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'renewalFailed' });
  });

  it('a retry that succeeds keeps the session', async () => {
    const h = await providerSession();
    void h.unauthorized('provider-token-1');
    h.fakes.renewProvider.last().reject(new Error('network'));
    await h.settle();
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
  });

  it('a restored provider session is renewed at start before the server confirms it; GET /api/me never refreshes it', async () => {
    const h = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    expect(h.actor.getSnapshot().matches({ confirming: { renewing: 'attempt' } })).toBe(true);
    expect(h.fakes.renewProvider.last().input).toEqual({ accessToken: 'provider-token-1', reason: 'start' });
    h.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await h.settle();
    expect(h.fakes.fetchMe.last().input).toEqual({ accessToken: 'provider-token-2', refresh: false });
  });

  it('two tabs restored at once: the start renewal is shared, so the tab still confirming stores the newer token, not its own older one', async () => {
    // Tab B was restored first and is asking the server about provider-token-2 (its own start renewal).
    const b = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    b.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY, idTokenExpiry: FAR_EXPIRY });
    await b.settle();
    expect(b.actor.getSnapshot().matches({ confirming: 'asking' })).toBe(true);
    // Tab A renews at start too (after B's renewal: the provider rotated to provider-token-3) and tells the other tabs.
    const a = createSessionHarness({ stored: storedOf(PROVIDER_SESSION) });
    a.fakes.renewProvider.last().resolve({ accessToken: 'provider-token-3', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 1 });
    await a.settle();
    const shared = a.posted().find((message) => message.type === 'tokenRefreshed');
    expect(shared).toEqual({
      type: 'tokenRefreshed',
      token: { accessToken: 'provider-token-3', tokenExpiry: FAR_EXPIRY + 1, idTokenExpiry: FAR_EXPIRY + 1 },
    });
    if (shared) b.fromOtherTab(shared);
    // B's answer arrives after A's token: B keeps and stores A's newer token.
    b.fakes.fetchMe.last().resolve(confirmedOf(PROVIDER_SESSION));
    await b.settle();
    expect(b.actor.getSnapshot().context.accessToken).toBe('provider-token-3');
    expect(b.storage.filter((entry) => entry.startsWith('persistSession')).at(-1)).toBe('persistSession:provider-token-3');
  });

  it('an expired provider session is never restored: a failed start renewal (twice) ends it', async () => {
    const h = createSessionHarness({ stored: storedOf({ ...PROVIDER_SESSION, tokenExpiry: 1, idTokenExpiry: 1 }) });
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    h.fakes.renewProvider.last().reject(new Error('login_required'));
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.fakes.fetchMe.calls).toHaveLength(0);
    expect(h.emitted).toContainEqual({ type: 'sessionExpired', reason: 'renewalFailed' });
  });

  it('two tabs, one renewal: the other tab adopts the broadcast token and cancels its own', async () => {
    const expiry = Date.now() + 10 * 60_000;
    const a = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: expiry });
    const b = await providerSession({ ...PROVIDER_SESSION, tokenExpiry: expiry });
    // The tabs' messages reach each other, as the BroadcastChannel would carry them.
    const wire = (from: SessionHarness, to: SessionHarness) => {
      const seen = from.posted().length;
      return () =>
        from
          .posted()
          .slice(seen)
          .forEach((m: TabMessage) => to.fromOtherTab(m));
    };
    const aToB = wire(a, b);
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    // Both renewals start; the app's renewal actor serialises them with navigator.locks, so A answers first.
    const renewalB = b.fakes.renewProvider.last();
    a.fakes.renewProvider
      .last()
      .resolve({ accessToken: 'provider-token-2', tokenExpiry: expiry + 3600_000, idTokenExpiry: expiry + 3600_000 });
    await a.settle();
    aToB();
    await b.settle();
    expect(renewalB.signal.aborted).toBe(true);
    expect(b.actor.getSnapshot().context).toMatchObject({ accessToken: 'provider-token-2', tokenExpiry: expiry + 3600_000 });
    expect(b.actor.getSnapshot().matches({ signedIn: { token: 'valid' } })).toBe(true);
    const answered = [...a.fakes.renewProvider.calls, ...b.fakes.renewProvider.calls].filter((c) => c.settled);
    expect(answered).toHaveLength(1);
  });

  it('signing out of a provider session: the backend first, then the provider’s end-session page', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    expect(h.emitted).toContainEqual({ type: 'signedOut', to: '/login', endsProviderSession: true });
    expect(h.storage).toContain('clearStoredSession');
    expect(h.fakes.logout.last().input).toEqual({ accessToken: 'provider-token-1' });
    // The provider is not asked before the backend has answered (its revoke needs the token still valid).
    expect(h.fakes.endProviderSession.calls).toHaveLength(0);
    h.fakes.logout.last().resolve(null);
    await h.settle();
    expect(h.actor.getSnapshot().matches({ signingOut: 'endingProviderSession' })).toBe(true);
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
    // The browser left for the provider: nothing more happens here. Came back without leaving: signed out.
    h.fakes.endProviderSession.last().resolve(null);
    await h.settle();
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.notice).toBe('auth.signedOut');
  });

  it('a backend that cannot be reached does not keep the provider session alive', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    h.fakes.logout.last().reject(new Error('offline'));
    await h.settle();
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
  });

  it('an end-session page that cannot be reached: signed out here, and the visitor is told the provider’s session may live on', async () => {
    const h = await providerSession();
    h.actor.send({ type: 'session.logout' });
    h.fakes.logout.last().resolve(null);
    await h.settle();
    h.fakes.endProviderSession.last().reject(new Error('No end session endpoint'));
    await h.settle();
    const s = h.actor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect(s.context).toMatchObject({
      error: 'auth.providerSignOutFailed',
      errorMessage: 'No end session endpoint',
      notice: 'auth.signedOut',
    });
    expect(h.emitted).toContainEqual({ type: 'providerSignOutFailed', message: 'No end session endpoint' });
  });

  it('signing out during a provider renewal stops the renewal (its request is aborted) before the backend is asked', async () => {
    const h = await providerSession();
    void h.unauthorized('provider-token-1').catch(() => undefined);
    await h.settle();
    const renewal = h.fakes.renewProvider.last();
    h.actor.send({ type: 'session.logout' });
    expect(renewal.signal.aborted).toBe(true);
    expect(h.fakes.logout.calls).toHaveLength(1);
    h.fakes.logout.last().resolve(null);
    await h.settle();
    expect(h.fakes.endProviderSession.calls).toHaveLength(1);
  });

  it('the other tabs of a provider sign-out only sign out: one end-session page, from the tab that signed out', async () => {
    const a = await providerSession();
    const b = await providerSession();
    a.actor.send({ type: 'session.logout' });
    a.posted().forEach((m: TabMessage) => b.fromOtherTab(m));
    await b.settle();
    expect(b.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(b.fakes.logout.calls).toHaveLength(0);
    expect(b.fakes.endProviderSession.calls).toHaveLength(0);
    expect(b.emitted.filter((e) => e.type === 'signedOut')).toEqual([]);
  });

  it('a page back from the provider’s end-session page starts signed out, with the notice', () => {
    const h = createSessionHarness({ signedOutAtProvider: true });
    expect(h.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.actor.getSnapshot().context.notice).toBe('auth.signedOutAtProvider');
  });
});

describe('own profile changes', () => {
  it('takes the new name and photo at once and stores them, without asking the server again', async () => {
    const h = await sessionIn('signedIn');
    h.storage.length = 0;
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Adam M.', photoURL: 'data:image/jpeg;base64,AA' } });
    expect(h.actor.getSnapshot().context.user).toMatchObject({ displayName: 'Adam M.', email: 'admin@acme.example' });
    expect(h.storage).toEqual(['persistSession:token-1']);
    expect(h.fakes.fetchMe.calls).toHaveLength(1);
  });

  it('ignores a profile change when nobody is signed in', () => {
    const h = createSessionHarness();
    h.actor.send({ type: 'session.user.update', patch: { displayName: 'Nobody' } });
    expect(h.actor.getSnapshot().context.user).toBeNull();
    expect(h.storage).toEqual([]);
  });
});

describe('createSessionHarness scenarios', () => {
  it.each(['signedOut', 'confirming', 'confirmFailed', 'signedIn', 'locked', 'refreshing'] as const)(
    'reaches %s through the real machine',
    async (scenario) => {
      const h = await sessionIn(scenario, { role: 4 });
      const s = h.actor.getSnapshot();
      const expected = {
        signedOut: () => s.matches('signedOut'),
        confirming: () => s.matches('confirming'),
        confirmFailed: () => s.matches('confirmFailed'),
        signedIn: () => s.matches({ signedIn: { access: 'active' } }) && s.context.defaultRoleId === 4,
        locked: () => s.matches({ signedIn: { access: 'locked' } }),
        refreshing: () => s.matches({ signedIn: { token: 'refreshing' } }),
      }[scenario];
      expect(expected()).toBe(true);
    },
  );
});
