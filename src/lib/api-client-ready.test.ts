import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, configureApiClient } from './api-client';

/** A promise and its resolve/reject, to hold the embedded backend "still starting". */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const json = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('API client while the embedded backend starts (docs/performance.md, Boot)', () => {
  afterEach(() => {
    configureApiClient({ whenReady: null });
    vi.unstubAllGlobals();
  });

  it('holds a request until the backend is ready, then sends it', async () => {
    const fetch = vi.fn(async () => json());
    vi.stubGlobal('fetch', fetch);
    const backend = deferred();
    configureApiClient({ whenReady: () => backend.promise });
    const answer = apiClient.get<{ ok: boolean }>('/api/me', { auth: 'none' });
    await new Promise((r) => setTimeout(r, 10));
    expect(fetch).not.toHaveBeenCalled();
    backend.resolve();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers 503 without touching the network when the backend could not start', async () => {
    const fetch = vi.fn(async () => json());
    vi.stubGlobal('fetch', fetch);
    configureApiClient({ whenReady: () => Promise.reject(new Error('The embedded backend failed to start')) });
    const error = await apiClient.get('/api/me', { auth: 'none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(fetch).not.toHaveBeenCalled();
  });
});
