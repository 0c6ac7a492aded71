import { IDBFactory } from 'fake-indexeddb';
import type { UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { providerUserStore } from './provider-user-store';

const PREFIX = 'oidc.';
const USER_KEY = 'user:https://id.example:spa';
const userWith = (refreshToken: string) => JSON.stringify({ access_token: `at-${refreshToken}`, refresh_token: refreshToken });

/** One IndexedDB object store (fake-indexeddb), as every tab of the origin opens it. */
function database(factory = new IDBFactory()): UseStore {
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('oidc-test');
    request.onupgradeneeded = () => request.result.createObjectStore('users');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return (mode, callback) => db.then((d) => callback(d.transaction('users', mode).objectStore('users')));
}

/**
 * localStorage as two tabs of Chromium see it: each reads its own copy, and another tab's write reaches
 * it only later (`sync()`), not by the time that tab has released a Web Lock (whatwg/html#403).
 */
function laggingLocalStorage(initial: Record<string, string> = {}) {
  const shared = new Map(Object.entries(initial));
  const view = () => {
    let copy = new Map(shared);
    const storage: Storage = {
      get length() {
        return copy.size;
      },
      key: (i) => [...copy.keys()][i] ?? null,
      getItem: (k) => copy.get(k) ?? null,
      setItem: (k, v) => {
        copy.set(k, v);
        shared.set(k, v);
      },
      removeItem: (k) => {
        copy.delete(k);
        shared.delete(k);
      },
      clear: () => {
        copy.clear();
        shared.clear();
      },
    };
    return { storage, sync: () => (copy = new Map(shared)) };
  };
  return { tab: view, shared };
}

describe('the provider user store', () => {
  it('the next tab to renew reads the refresh token the last renewal stored, however late its localStorage catches up', async () => {
    const idb = database();
    const local = laggingLocalStorage();
    const tabA = providerUserStore({ prefix: PREFIX, idb, legacy: local.tab().storage });
    const tabB = providerUserStore({ prefix: PREFIX, idb, legacy: local.tab().storage });
    await tabA.set(USER_KEY, userWith('rt-1'));
    expect(await tabB.get(USER_KEY)).toBe(userWith('rt-1'));
    // Tab A renews (the provider rotates rt-1 into rt-2) and releases the lock; tab B takes it at once.
    await tabA.set(USER_KEY, userWith('rt-2'));
    expect(await tabB.get(USER_KEY)).toBe(userWith('rt-2'));
    // Nothing of it is in localStorage, where tab B's copy would still say rt-1 (or nothing at all).
    expect([...local.shared.keys()]).toEqual([]);
  });

  it('moves a user an earlier version kept in localStorage, so a signed-in visitor still renews with its refresh token', async () => {
    const idb = database();
    const local = laggingLocalStorage({ [PREFIX + USER_KEY]: userWith('rt-old'), theme: 'dark' });
    const store = providerUserStore({ prefix: PREFIX, idb, legacy: local.tab().storage });
    expect(await store.get(USER_KEY)).toBe(userWith('rt-old'));
    expect([...local.shared.keys()]).toEqual(['theme']);
    expect(await providerUserStore({ prefix: PREFIX, idb, legacy: null }).get(USER_KEY)).toBe(userWith('rt-old'));
  });

  it('sign-out removes the user from both places and answers what was stored', async () => {
    const idb = database();
    const local = laggingLocalStorage({ [PREFIX + USER_KEY]: userWith('rt-old') });
    const store = providerUserStore({ prefix: PREFIX, idb, legacy: local.tab().storage });
    await store.set('user:other', userWith('rt-2'));
    expect((await store.getAllKeys()).sort()).toEqual(['user:other', USER_KEY].sort());
    expect(await store.remove('user:other')).toBe(userWith('rt-2'));
    expect(await store.remove(USER_KEY)).toBe(userWith('rt-old'));
    expect(await store.get(USER_KEY)).toBeNull();
    expect(await store.getAllKeys()).toEqual([]);
    expect(local.shared.size).toBe(0);
  });

  it('where IndexedDB fails, localStorage keeps the user as before', async () => {
    const broken: UseStore = () => Promise.reject(new Error('IndexedDB unavailable'));
    const local = laggingLocalStorage();
    const store = providerUserStore({ prefix: PREFIX, idb: broken, legacy: local.tab().storage });
    await store.set(USER_KEY, userWith('rt-1'));
    expect(local.shared.get(PREFIX + USER_KEY)).toBe(userWith('rt-1'));
    expect(await store.get(USER_KEY)).toBe(userWith('rt-1'));
    expect(await store.remove(USER_KEY)).toBe(userWith('rt-1'));
    expect(local.shared.size).toBe(0);
  });
});
