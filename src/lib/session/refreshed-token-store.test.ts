import { IDBFactory } from 'fake-indexeddb';
import type { UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, ApiError } from '../api-client';
import { logoutRequest, refreshTokenRequest } from './auth-api';
import { refreshedTokenStore } from './refreshed-token-store';

/** One IndexedDB object store (fake-indexeddb), as every tab of the origin opens it. */
function database(factory = new IDBFactory()): UseStore {
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('session-test');
    request.onupgradeneeded = () => request.result.createObjectStore('refreshed-tokens');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return (mode, callback) => db.then((d) => callback(d.transaction('refreshed-tokens', mode).objectStore('refreshed-tokens')));
}

/**
 * localStorage as a tab of Chromium sees it: its own copy, which another tab's write reaches only later,
 * not by the time that tab has released a Web Lock (whatwg/html#403).
 */
function tabStorage(initial: Record<string, string>): Storage {
  const copy = new Map(Object.entries(initial));
  return {
    get length() {
      return copy.size;
    },
    key: (i) => [...copy.keys()][i] ?? null,
    getItem: (k) => copy.get(k) ?? null,
    setItem: (k, v) => void copy.set(k, v),
    removeItem: (k) => void copy.delete(k),
    clear: () => copy.clear(),
  };
}

/** The backend's refresh endpoint: each token can be exchanged once; a replaced token is refused (401). */
function refreshEndpoint() {
  const replaced = new Set<string>();
  let issued = 0;
  const post = vi.spyOn(apiClient, 'post').mockImplementation(async (url, body) => {
    if (url !== '/api/auth/refresh-token') throw new Error(`unexpected ${url}`);
    const { accessToken } = body as { accessToken: string };
    if (replaced.has(accessToken)) throw new ApiError('Unauthorized', 401, undefined);
    replaced.add(accessToken);
    issued += 1;
    return { accessToken: `token-${issued + 1}`, expiresIn: 900 };
  });
  return { calls: () => post.mock.calls.length };
}

const signal = new AbortController().signal;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('backend token refresh across tabs', () => {
  it('the next tab to refresh takes the token the last refresh stored, though its localStorage still shows the replaced one', async () => {
    const server = refreshEndpoint();
    const idb = database();
    // Both tabs hold token-1; it expires and both get a 401.
    vi.stubGlobal('localStorage', tabStorage({ accessToken: 'token-1' }));
    const first = await refreshTokenRequest('token-1', signal, refreshedTokenStore(idb));
    expect(first.accessToken).toBe('token-2');

    // Tab B is granted the lock next; tab A's write of token-2 has not reached its localStorage yet.
    const tabB = tabStorage({ accessToken: 'token-1' });
    vi.stubGlobal('localStorage', tabB);
    const second = await refreshTokenRequest('token-1', signal, refreshedTokenStore(idb));
    expect(second).toEqual(first);
    expect(server.calls()).toBe(1);

    // Tab B stores the token it took (the session machine does) and refreshes it itself when it expires.
    tabB.setItem('accessToken', second.accessToken);
    expect((await refreshTokenRequest('token-2', signal, refreshedTokenStore(idb))).accessToken).toBe('token-3');
    expect(server.calls()).toBe(2);
  });

  it('a tab that slept through two refreshes takes the newest token', async () => {
    const idb = database();
    const store = refreshedTokenStore(idb);
    await store.remember('token-1', { accessToken: 'token-2', tokenExpiry: 1 });
    await store.remember('token-2', { accessToken: 'token-3', tokenExpiry: 2 });
    expect(await refreshedTokenStore(idb).successorOf('token-1')).toEqual({ accessToken: 'token-3', tokenExpiry: 2 });
    expect(await refreshedTokenStore(idb).successorOf('token-3')).toBeNull();
    expect(await refreshedTokenStore(idb).successorOf('someone-else')).toBeNull();
  });

  it('sign-out forgets the tokens, even when the server cannot be told', async () => {
    const idb = database();
    const store = refreshedTokenStore(idb);
    await store.remember('token-1', { accessToken: 'token-2', tokenExpiry: 1 });
    await logoutRequest(null, store);
    expect(await refreshedTokenStore(idb).successorOf('token-1')).toBeNull();
  });

  it('without IndexedDB, falls back to the token localStorage shows', async () => {
    const server = refreshEndpoint();
    vi.stubGlobal('localStorage', tabStorage({ accessToken: 'token-9', tokenExpiry: '1234' }));
    expect(await refreshTokenRequest('token-1', signal, refreshedTokenStore(null))).toEqual({ accessToken: 'token-9', tokenExpiry: 1234 });
    expect(server.calls()).toBe(0);
  });
});
