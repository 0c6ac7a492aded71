import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { identityCallbackMachine, silentRenewalMachine, type CompletedSignIn, type RenewedToken } from './identity.machine';
import type { SessionData } from './stored-session';

const SESSION: SessionData = {
  accessToken: 'oidc-token',
  sessionKey: 'sid-1',
  tokenExpiry: 2_000_000,
  user: { uid: 'sub-1', displayName: 'Ida', about: '', photoURL: '', status: 'online', userRole: 'user', email: 'ida@example.com', providerId: 'oidc' },
  defaultRoleId: 4,
  roles: [4],
};

describe('identity callback machine', () => {
  it('completes the redirect sign-in and announces the session', async () => {
    const seen: string[] = [];
    const actor = createActor(
      identityCallbackMachine.provide({
        actors: {
          completeSignIn: fromPromise<CompletedSignIn, { url: string }>(async ({ input }) => {
            seen.push(input.url);
            return { session: SESSION, returnTo: '/apps/todo' };
          }),
        },
      }),
      { input: { url: 'https://app.example/callback?code=abc&state=xyz' } },
    );
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('succeeded')).toBe(true));
    expect(seen).toEqual(['https://app.example/callback?code=abc&state=xyz']);
    expect(emitted).toEqual([{ type: 'signedIn', session: SESSION, returnTo: '/apps/todo' }]);
  });

  it('keeps the provider error and can retry', async () => {
    let attempts = 0;
    const actor = createActor(
      identityCallbackMachine.provide({
        actors: {
          completeSignIn: fromPromise<CompletedSignIn, { url: string }>(async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('No matching state found in storage');
            return { session: SESSION, returnTo: null };
          }),
        },
      }),
      { input: { url: '/callback' } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.error).toBe('No matching state found in storage');
    actor.send({ type: 'callback.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('succeeded')).toBe(true));
    expect(attempts).toBe(2);
  });
});

describe('silent renewal machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renews a minute before expiry, then schedules from the new expiry', async () => {
    const calls: number[] = [];
    let clock = 0;
    const actor = createActor(
      silentRenewalMachine.provide({
        actors: {
          renewSilently: fromPromise<RenewedToken>(async () => {
            calls.push(clock);
            return { accessToken: `t${calls.length}`, expiresAt: clock + 300_000, renewedAt: clock };
          }),
        },
      }),
      { input: { expiresAt: 300_000, now: 0, leadMs: 60_000 } },
    );
    const renewed: string[] = [];
    actor.on('renewed', (e) => renewed.push(e.token.accessToken));
    actor.start();
    clock = 239_000;
    await vi.advanceTimersByTimeAsync(239_000);
    expect(calls).toHaveLength(0);
    clock = 240_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([240_000]);
    expect(renewed).toEqual(['t1']);
    expect(actor.getSnapshot().matches('scheduled')).toBe(true);
    clock = 480_000;
    await vi.advanceTimersByTimeAsync(240_000);
    expect(renewed).toEqual(['t1', 't2']);
    actor.send({ type: 'renewal.stop' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reports a failed renewal and retries on request', async () => {
    let fail = true;
    const actor = createActor(
      silentRenewalMachine.provide({
        actors: {
          renewSilently: fromPromise<RenewedToken>(async () => {
            if (fail) throw new Error('login_required');
            return { accessToken: 'ok', expiresAt: 10_000_000, renewedAt: 0 };
          }),
        },
      }),
      { input: { expiresAt: 0, now: 0 } },
    );
    const failures: string[] = [];
    actor.on('renewalFailed', (e) => failures.push(e.message));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(failures).toEqual(['login_required']);
    fail = false;
    actor.send({ type: 'renewal.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('scheduled')).toBe(true);
  });
});
