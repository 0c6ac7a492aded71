import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import {
  callbackErrorName,
  identityCallbackMachine,
  providerRenewalMachine,
  type CompletedSignIn,
  type RenewedProviderToken,
  type StoredProviderState,
} from './identity.machine';
import type { SessionData } from './stored-session';

const NOW = 1_700_000_000_000;

const SESSION: SessionData = {
  accessToken: 'oidc-token',
  sessionKey: 'sid-1',
  tokenExpiry: NOW + 300_000,
  idTokenExpiry: NOW + 3_600_000,
  user: { uid: 'sub-1', displayName: 'Ida', about: '', photoURL: '', status: 'online', userRole: 'user', email: 'ida@example.com', providerId: 'oidc' },
  defaultRoleId: 4,
  roles: [4],
};

/** oidc-client-ts's ErrorResponse carries the provider's `error` code beside the message. */
class ProviderError extends Error {
  constructor(
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = 'ErrorResponse';
  }
}

function runCallback(complete: (url: string) => Promise<CompletedSignIn>) {
  const logged: unknown[] = [];
  const forgotten: number[] = [];
  const actor = createActor(
    identityCallbackMachine.provide({
      actors: { completeSignIn: fromPromise<CompletedSignIn, { url: string }>(({ input }) => complete(input.url)) },
      actions: {
        logError: (_, params) => logged.push(params.error),
        forgetPendingRequests: () => forgotten.push(1),
      },
    }),
    { input: { url: 'https://app.example/callback?code=abc&state=xyz', now: NOW } },
  );
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, logged, forgotten };
}

describe('identity callback machine', () => {
  it('completes the redirect sign-in and announces the session', async () => {
    const seen: string[] = [];
    const { actor, emitted, logged } = runCallback(async (url) => {
      seen.push(url);
      return { session: SESSION, returnTo: '/apps/todo' };
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('succeeded')).toBe(true));
    expect(seen).toEqual(['https://app.example/callback?code=abc&state=xyz']);
    expect(emitted).toEqual([{ type: 'signedIn', session: SESSION, returnTo: '/apps/todo' }]);
    expect(logged).toEqual([]);
  });

  it('a provider error (cancel at the provider) fails with its name and logs the error', async () => {
    const error = new ProviderError('access_denied', 'End-User aborted interaction');
    const { actor, emitted, logged, forgotten } = runCallback(() => Promise.reject(error));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('access_denied');
    expect(emitted).toEqual([{ type: 'failed', errorName: 'access_denied' }]);
    expect(logged).toEqual([error]);
    expect(forgotten).toEqual([]);
    // Final: a redeemed or refused answer is never tried again.
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a state that matches no stored request is refused and the pending requests are forgotten', async () => {
    const error = new Error('No matching state found in storage');
    const { actor, emitted, logged, forgotten } = runCallback(() => Promise.reject(error));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('state_mismatch');
    expect(emitted).toEqual([{ type: 'failed', errorName: 'state_mismatch' }]);
    expect(forgotten).toEqual([1]);
    expect(logged).toEqual([error]);
  });

  it('an ID token that has already expired is refused: no session is announced', async () => {
    const { actor, emitted, logged } = runCallback(async () => ({ session: { ...SESSION, idTokenExpiry: NOW - 1 }, returnTo: null }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('id_token_expired');
    expect(emitted).toEqual([{ type: 'failed', errorName: 'id_token_expired' }]);
    expect(logged).toHaveLength(1);
  });

  it('a session without an ID token expiry is refused as expired', async () => {
    const { idTokenExpiry: _dropped, ...withoutExpiry } = SESSION;
    const { actor } = runCallback(async () => ({ session: withoutExpiry, returnTo: null }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.errorName).toBe('id_token_expired');
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

const TOKEN: RenewedProviderToken = { accessToken: 'new', tokenExpiry: NOW + 300_000, idTokenExpiry: NOW + 3_600_000 };

function runRenewal(fakes: {
  stored: StoredProviderState | Error;
  refresh?: () => Promise<RenewedProviderToken>;
  frame?: () => Promise<RenewedProviderToken>;
}) {
  const calls: string[] = [];
  const actor = createActor(
    providerRenewalMachine.provide({
      actors: {
        readStored: fromPromise<StoredProviderState, { accessToken: string }>(async ({ input }) => {
          calls.push(`readStored:${input.accessToken}`);
          if (fakes.stored instanceof Error) throw fakes.stored;
          return fakes.stored;
        }),
        useRefreshToken: fromPromise<RenewedProviderToken>(() => {
          calls.push('refresh');
          return fakes.refresh ? fakes.refresh() : Promise.reject(new Error('unexpected refresh'));
        }),
        renewInFrame: fromPromise<RenewedProviderToken>(() => {
          calls.push('frame');
          return fakes.frame ? fakes.frame() : Promise.reject(new Error('unexpected frame'));
        }),
      },
    }),
    { input: { accessToken: 'old' } },
  );
  actor.start();
  return { output: toPromise(actor), calls, actor };
}

describe('provider renewal machine', () => {
  it('takes the token another tab renewed meanwhile, without asking the provider', async () => {
    const { output, calls } = runRenewal({ stored: { renewedElsewhere: TOKEN, hasRefreshToken: true } });
    expect(await output).toEqual({ token: TOKEN, via: 'otherTab' });
    expect(calls).toEqual(['readStored:old']);
  });

  it('uses the refresh token when there is one', async () => {
    const { output, calls } = runRenewal({ stored: { renewedElsewhere: null, hasRefreshToken: true }, refresh: async () => TOKEN });
    expect(await output).toEqual({ token: TOKEN, via: 'refreshToken' });
    expect(calls).toEqual(['readStored:old', 'refresh']);
  });

  it('asks in a hidden frame when there is no refresh token', async () => {
    const { output, calls } = runRenewal({ stored: { renewedElsewhere: null, hasRefreshToken: false }, frame: async () => TOKEN });
    expect(await output).toEqual({ token: TOKEN, via: 'frame' });
    expect(calls).toEqual(['readStored:old', 'frame']);
  });

  it('falls back to the frame when the provider refuses the refresh token', async () => {
    const { output, calls } = runRenewal({
      stored: { renewedElsewhere: null, hasRefreshToken: true },
      refresh: () => Promise.reject(new ProviderError('invalid_grant', 'grant request is invalid')),
      frame: async () => TOKEN,
    });
    expect(await output).toEqual({ token: TOKEN, via: 'frame' });
    expect(calls).toEqual(['readStored:old', 'refresh', 'frame']);
  });

  it('fails when the provider session has ended: refresh token and frame both refused', async () => {
    const { output, calls, actor } = runRenewal({
      stored: { renewedElsewhere: null, hasRefreshToken: true },
      refresh: () => Promise.reject(new ProviderError('invalid_grant', 'grant request is invalid')),
      frame: () => Promise.reject(new ProviderError('login_required', 'End-User authentication is required')),
    });
    expect(await output).toEqual({ error: 'End-User authentication is required' });
    expect(calls).toEqual(['readStored:old', 'refresh', 'frame']);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });

  it('unreadable storage still renews through the frame', async () => {
    const { output } = runRenewal({ stored: new Error('storage unavailable'), frame: async () => TOKEN });
    expect(await output).toEqual({ token: TOKEN, via: 'frame' });
  });
});
