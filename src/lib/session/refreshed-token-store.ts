import type { RefreshedToken } from '@machines/session/session.types';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The backend tokens the last refreshes replaced, and what replaced them: IndexedDB, not localStorage.
 *
 * Tabs refresh one at a time under a Web Lock (auth-api.ts). The next tab to hold the lock must see that
 * its failed token was already replaced, else it sends that token to /api/auth/refresh-token again, gets
 * 401, and the session ends in every tab. Its localStorage copy may not show the new token yet: another
 * tab's write reaches it some time later (whatwg/html#403). An IndexedDB `set` resolves once committed,
 * and a read started afterwards, in any tab, sees it (as the provider's user: provider-user-store.ts).
 */
export interface RefreshedTokenStore {
  /** The newest token that replaced `token` (following later refreshes), or null when none did. */
  successorOf(token: string): Promise<RefreshedToken | null>;
  /** Records a refresh before the lock is released. */
  remember(previous: string, next: RefreshedToken): Promise<void>;
  /** Sign-out: the tokens are no one's any more. */
  forget(): Promise<void>;
}

const KEY = 'refreshed-tokens';
/** Enough for a tab that slept through a few refreshes; older tokens are long expired. */
const KEPT = 5;

interface Replacement extends RefreshedToken {
  previous: string;
}

function isReplacement(value: unknown): value is Replacement {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.previous === 'string' && typeof r.accessToken === 'string' && typeof r.tokenExpiry === 'number';
}

/** `idb` null (no IndexedDB): nothing is kept, and callers fall back to localStorage as before. */
export function refreshedTokenStore(idb: UseStore | null): RefreshedTokenStore {
  const read = async (): Promise<Replacement[]> => {
    if (!idb) return [];
    try {
      const value: unknown = await get(KEY, idb);
      return Array.isArray(value) ? value.filter(isReplacement) : [];
    } catch {
      return [];
    }
  };
  return {
    async successorOf(token) {
      const replacements = await read();
      let found: Replacement | undefined;
      let current = token;
      // At most one step per kept refresh: a cycle in a damaged record cannot loop.
      for (let step = 0; step < replacements.length; step += 1) {
        const next = replacements.find((r) => r.previous === current);
        if (!next) break;
        found = next;
        current = next.accessToken;
      }
      return found ? { accessToken: found.accessToken, tokenExpiry: found.tokenExpiry } : null;
    },
    async remember(previous, next) {
      if (!idb) return;
      const kept = (await read()).filter((r) => r.previous !== previous).slice(-(KEPT - 1));
      try {
        await set(KEY, [...kept, { previous, accessToken: next.accessToken, tokenExpiry: next.tokenExpiry }], idb);
      } catch {
        // No IndexedDB write: the other tabs learn the token from localStorage and the broadcast, as before.
      }
    },
    async forget() {
      if (idb) await del(KEY, idb).catch(() => undefined);
    },
  };
}

let shared: RefreshedTokenStore | undefined;

/** The app's store (opened on first use). */
export function appRefreshedTokenStore(): RefreshedTokenStore {
  shared ??= refreshedTokenStore(typeof indexedDB === 'undefined' ? null : createStore('service-unit-admin-session', 'refreshed-tokens'));
  return shared;
}
