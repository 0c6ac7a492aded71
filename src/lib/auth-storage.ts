import { useSyncExternalStore } from 'react';
import { STORED_KEYS } from '@machines/session/stored-session';

/** Every localStorage key the session owns (one list: machines/session/stored-session.ts); sign-out and corruption clear all of them. */
export const SESSION_STORAGE_KEYS = STORED_KEYS;

export const AUTH_STORAGE_EVENT = 'auth-storage-changed';

export interface AuthStorageSnapshot {
  sessionKey: string | null;
  authValues: string | null;
  locked: boolean;
}

function safeGet(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function clearSessionStorage(): void {
  for (const key of SESSION_STORAGE_KEYS) {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
  notifyAuthStorageChanged();
}

/** Call after writing session keys so guards and views re-read them. */
export function notifyAuthStorageChanged(): void {
  cached = null;
  globalThis.dispatchEvent?.(new Event(AUTH_STORAGE_EVENT));
}

let cached: AuthStorageSnapshot | null = null;

export function readAuthStorage(): AuthStorageSnapshot {
  const next: AuthStorageSnapshot = {
    sessionKey: safeGet('session_key'),
    authValues: safeGet('auth-values'),
    locked: safeGet('session_locked') === 'true',
  };
  if (cached && cached.sessionKey === next.sessionKey && cached.authValues === next.authValues && cached.locked === next.locked) {
    return cached;
  }
  cached = next;
  return next;
}

/**
 * Another tab writes the session keys one by one and this tab gets one storage event per key. Reading
 * in the middle of that burst would look like corruption (a key without its role) and clear the
 * session everywhere, so foreign changes are read once the burst has settled.
 */
export const FOREIGN_CHANGE_SETTLE_MS = 100;

function subscribe(onChange: () => void): () => void {
  const handler = () => {
    cached = null;
    onChange();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onForeignChange = () => {
    clearTimeout(timer);
    timer = setTimeout(handler, FOREIGN_CHANGE_SETTLE_MS);
  };
  globalThis.addEventListener?.(AUTH_STORAGE_EVENT, handler);
  globalThis.addEventListener?.('storage', onForeignChange);
  return () => {
    clearTimeout(timer);
    globalThis.removeEventListener?.(AUTH_STORAGE_EVENT, handler);
    globalThis.removeEventListener?.('storage', onForeignChange);
  };
}

export function useAuthStorage(): AuthStorageSnapshot {
  return useSyncExternalStore(subscribe, readAuthStorage, readAuthStorage);
}
