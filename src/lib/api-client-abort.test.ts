import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from './api-client';

/** A fetch that answers only when its signal aborts (then rejects as a browser's fetch does), or fails on demand. */
function stubFetch(outcome: 'abortable' | 'network-failure') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_input: unknown, init?: { signal?: AbortSignal }) =>
        new Promise<Response>((_resolve, reject) => {
          if (outcome === 'network-failure') reject(new TypeError('Failed to fetch'));
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    ),
  );
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
  ]);

describe('API client: a request its caller aborted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never answers, so no late "Network error" reaches a screen that has moved on', async () => {
    stubFetch('abortable');
    const controller = new AbortController();
    const request = apiClient.get('/api/service-units', { auth: 'none', signal: controller.signal });
    controller.abort();
    expect(await settled(request)).toBe('pending');
  });

  it('a network failure the caller did not cause still fails, as a network error', async () => {
    stubFetch('network-failure');
    const error = await apiClient
      .get('/api/service-units', { auth: 'none', signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});
