import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { StateStore } from 'oidc-client-ts';

/**
 * Where oidc-client-ts keeps the provider's user: its tokens and the refresh token that the provider
 * rotates at every renewal. IndexedDB, not localStorage.
 *
 * Tabs renew one at a time under a Web Lock (oidc.ts), and the next tab to hold the lock must read the
 * refresh token the previous holder stored. localStorage does not promise that: each tab reads its own
 * copy, which the browser updates some time after another tab's write (whatwg/html#403). A tab granted
 * the lock just after another tab's renewal could therefore read the refresh token that was already used.
 * The provider then revokes the whole grant (oidc-provider: "refresh token already used"), and every
 * later renewal fails. An IndexedDB `set` resolves only once its transaction has committed, and a read
 * started afterwards, in any tab, sees it.
 *
 * A user an earlier version left in localStorage is moved here when it is first read. Where IndexedDB
 * cannot be used, localStorage holds the user as before.
 */
export function providerUserStore({ prefix, idb, legacy }: { prefix: string; idb: UseStore | null; legacy: Storage | null }): StateStore {
  const legacyGet = (key: string): string | null => {
    try {
      return legacy?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const legacyRemove = (key: string): void => {
    try {
      legacy?.removeItem(key);
    } catch {
      // unavailable storage: nothing stored there
    }
  };
  const idbGet = async (key: string): Promise<string | null | undefined> => {
    if (!idb) return undefined;
    try {
      const value: unknown = await get(key, idb);
      return typeof value === 'string' ? value : null;
    } catch {
      return undefined;
    }
  };
  const idbSet = async (key: string, value: string): Promise<boolean> => {
    if (!idb) return false;
    try {
      await set(key, value, idb);
      return true;
    } catch {
      return false;
    }
  };

  const store: StateStore = {
    async set(name, value) {
      const key = prefix + name;
      if (await idbSet(key, value)) legacyRemove(key);
      else legacy?.setItem(key, value);
    },
    async get(name) {
      const key = prefix + name;
      const stored = await idbGet(key);
      if (typeof stored === 'string') return stored;
      const old = legacyGet(key);
      // IndexedDB answered (nothing there): an earlier version's user moves over.
      if (old !== null && stored === null && (await idbSet(key, old))) legacyRemove(key);
      return old;
    },
    async remove(name) {
      const key = prefix + name;
      const value = await store.get(name);
      if (idb) await del(key, idb).catch(() => undefined);
      legacyRemove(key);
      return value;
    },
    async getAllKeys() {
      const names = new Set<string>();
      if (idb)
        for (const key of await keys(idb).catch(() => []))
          if (typeof key === 'string' && key.startsWith(prefix)) names.add(key.slice(prefix.length));
      try {
        for (let i = 0; i < (legacy?.length ?? 0); i += 1) {
          const key = legacy?.key(i);
          if (key?.startsWith(prefix)) names.add(key.slice(prefix.length));
        }
      } catch {
        // unavailable storage: its keys are not listed
      }
      return [...names];
    },
  };
  return store;
}

/** The app's IndexedDB store for the provider's user (opened on first use), or null where there is no IndexedDB. */
export function providerUserDatabase(): UseStore | null {
  return typeof indexedDB === 'undefined' ? null : createStore('service-unit-admin-oidc', 'users');
}
