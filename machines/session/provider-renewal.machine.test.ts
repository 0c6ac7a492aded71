import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { ProviderError } from '../testing/provider-error';
import { providerRenewalMachine, type RenewedProviderToken, type StoredProviderState } from './provider-renewal.machine';

const NOW = Date.now();

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
