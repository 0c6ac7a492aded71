import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ProviderError } from '../testing/provider-error';
import { createSessionHarness, httpError, type SessionHarness } from '../testing/session-harness';
import { callbackFor, type CallbackDestination, type CompletedSignIn } from './identity-callback.machine';
import { callbackErrorName } from './provider-errors';
import type { SessionData } from './stored-session';

// The page opened a minute ago (the session machine judges an ID token against its own clock, now).
const NOW = Date.now() - 60_000;

const SESSION: SessionData = {
  accessToken: 'oidc-token',
  sessionKey: 'sid-1',
  tokenExpiry: NOW + 300_000,
  idTokenExpiry: NOW + 3_600_000,
  user: {
    uid: 'sub-1',
    displayName: 'Ida',
    about: '',
    photoURL: '',
    status: 'online',
    userRole: 'user',
    email: 'ida@example.com',
    providerId: 'oidc',
  },
  defaultRoleId: 4,
  roles: [4],
};

/** The callback wired to a real session machine with fakes (createSessionHarness), as the app wires it to its own. */
function runCallback(complete: (url: string) => Promise<CompletedSignIn>, session: SessionHarness = createSessionHarness()) {
  const logged: unknown[] = [];
  const forgotten: number[] = [];
  const left: CallbackDestination[] = [];
  const actor = createActor(
    callbackFor(session.actor).provide({
      actors: { completeSignIn: fromPromise<CompletedSignIn, { url: string }>(({ input }) => complete(input.url)) },
      actions: {
        logError: (_, params) => logged.push(params.error),
        forgetPendingRequests: () => forgotten.push(1),
        leave: (_, params) => left.push(params),
      },
    }),
    { input: { url: 'https://app.example/callback?code=abc&state=xyz', now: NOW } },
  );
  actor.start();
  return { actor, session, logged, forgotten, left };
}

describe('identity callback machine (with the real session machine)', () => {
  it('redeems the answer once, hands the session over, and leaves with the role the server confirmed', async () => {
    const seen: string[] = [];
    const { actor, session, logged, left } = runCallback(async (url) => {
      seen.push(url);
      return { session: SESSION, returnTo: '/apps/todo' };
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('confirming')).toBe(true));
    expect(seen).toEqual(['https://app.example/callback?code=abc&state=xyz']);
    // The session machine got it and asks the server (GET /api/me, never a refresh for a provider token).
    expect(session.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(session.fakes.fetchMe.last().input).toEqual({ accessToken: 'oidc-token', refresh: false });
    expect(left).toEqual([]);
    // The account is linked to an admin at this backend: the server's role decides where to land.
    session.fakes.fetchMe.last().resolve({ user: SESSION.user, defaultRoleId: 2, roles: [2] });
    await session.settle();
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(left).toEqual([{ returnTo: '/apps/todo', defaultRoleId: 2 }]);
    expect(actor.getSnapshot().output).toEqual({ destination: { returnTo: '/apps/todo', defaultRoleId: 2 }, errorName: null });
    expect(logged).toEqual([]);
    session.stop();
  });

  it('a server that cannot be asked: leaves anyway (the app’s session check offers "Try again" there)', async () => {
    const { actor, session, left } = runCallback(async () => ({ session: SESSION, returnTo: null }));
    await vi.waitFor(() => expect(session.fakes.fetchMe.calls).toHaveLength(1));
    session.fakes.fetchMe.last().reject(new Error('Network error'));
    await session.settle();
    expect(session.actor.getSnapshot().matches('confirmFailed')).toBe(true);
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(left).toEqual([{ returnTo: null, defaultRoleId: 4 }]);
    session.stop();
  });

  it('a server that refuses the provider’s token: the callback fails with session_refused, nobody leaves', async () => {
    const { actor, session, left, logged } = runCallback(async () => ({ session: SESSION, returnTo: null }));
    await vi.waitFor(() => expect(session.fakes.fetchMe.calls).toHaveLength(1));
    session.fakes.fetchMe.last().reject(httpError(401, 'Invalid access token: aud mismatch'));
    await session.settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.errorName).toBe('session_refused');
    expect(left).toEqual([]);
    expect(logged).toHaveLength(1);
    session.stop();
  });

  it('a provider error (cancel at the provider) fails with its name, logs the error and tells the session', async () => {
    const error = new ProviderError('access_denied', 'End-User aborted interaction');
    const { actor, session, logged, forgotten, left } = runCallback(() => Promise.reject(error));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('access_denied');
    expect(session.actor.getSnapshot().context).toMatchObject({ error: 'auth.providerFailed', errorMessage: 'access_denied' });
    expect(session.emitted).toContainEqual({ type: 'providerSignInFailed', error: 'access_denied' });
    expect(logged).toEqual([error]);
    expect(forgotten).toEqual([]);
    expect(left).toEqual([]);
    // Final: a redeemed or refused answer is never tried again.
    expect(actor.getSnapshot().status).toBe('done');
    session.stop();
  });

  it('a state that matches no stored request is refused and the pending requests are forgotten', async () => {
    const error = new Error('No matching state found in storage');
    const { actor, session, logged, forgotten } = runCallback(() => Promise.reject(error));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('state_mismatch');
    expect(session.emitted).toContainEqual({ type: 'providerSignInFailed', error: 'state_mismatch' });
    expect(session.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(forgotten).toEqual([1]);
    expect(logged).toEqual([error]);
    session.stop();
  });

  it('an ID token that has already expired is refused: no session is handed over', async () => {
    const { actor, session, logged } = runCallback(async () => ({ session: { ...SESSION, idTokenExpiry: NOW - 1 }, returnTo: null }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('id_token_expired');
    expect(session.emitted).toEqual([{ type: 'providerSignInFailed', error: 'id_token_expired' }]);
    expect(session.fakes.fetchMe.calls).toHaveLength(0);
    expect(logged).toHaveLength(1);
    session.stop();
  });

  it('an ID token the session finds expired (it expired while the page loaded): refused there, the callback fails too', async () => {
    // The callback judges against the time the page opened; the session against its own clock.
    const { actor, session } = runCallback(async () => ({ session: { ...SESSION, idTokenExpiry: NOW + 1000 }, returnTo: null }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(session.emitted).toContainEqual({ type: 'providerSignInRefused' });
    expect(actor.getSnapshot().context.errorName).toBe('session_refused');
    session.stop();
  });

  it('a session without an ID token expiry is refused as expired', async () => {
    const { idTokenExpiry: _dropped, ...withoutExpiry } = SESSION;
    const { actor, session } = runCallback(async () => ({ session: withoutExpiry, returnTo: null }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('id_token_expired');
    session.stop();
  });
});

describe('callbackErrorName', () => {
  it('names provider codes, a state mismatch, named errors and anything else', () => {
    expect(callbackErrorName(new ProviderError('login_required', 'End-User authentication is required'))).toBe('login_required');
    expect(callbackErrorName(new Error('No matching state found in storage'))).toBe('state_mismatch');
    expect(callbackErrorName(Object.assign(new Error('timed out'), { name: 'ErrorTimeout' }))).toBe('ErrorTimeout');
    expect(callbackErrorName(new Error('boom'))).toBe('sign_in_failed');
    expect(callbackErrorName('weird')).toBe('sign_in_failed');
  });
});
