import { STORED_KEYS, toStoredValues, type SessionData, type StoredValues } from '@machines/session/stored-session';
import { clearSessionStorage, notifyAuthStorageChanged } from '../auth-storage';

/** Where this tab was when the session locked (sessionStorage: each tab returns to its own page). */
export const LOCKED_FROM_KEY = 'session_locked_from';
export const LOCKED_KEY = 'session_locked' satisfies (typeof STORED_KEYS)[number];

function get(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function set(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch (error) {
    // Quota or private mode: the session still lives in memory for this tab.
    console.warn(`Could not store ${key}`, error);
  }
}

export function readStoredValues(): StoredValues {
  const values = {} as StoredValues;
  for (const key of STORED_KEYS) values[key] = get(key);
  return values;
}

function remove(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // unavailable storage: nothing to remove
  }
}

export function writeSession(session: SessionData): void {
  for (const [key, value] of Object.entries(toStoredValues(session))) {
    if (value === null) remove(key);
    else set(key, value);
  }
  notifyAuthStorageChanged();
}

export function clearSession(): void {
  try {
    globalThis.sessionStorage?.removeItem(LOCKED_FROM_KEY);
  } catch {
    // unavailable storage: nothing to clear
  }
  clearSessionStorage();
}

/** `restored`: the lock came back with a reload, so the page recorded when it locked stays. */
export function writeLock(from: string, restored = false): void {
  set(LOCKED_KEY, 'true');
  rememberLockedFrom(from, restored);
  notifyAuthStorageChanged();
}

/** Records (this tab only) the page to return to after unlocking; the lock screen itself is never one. */
export function rememberLockedFrom(from: string, keepRecorded = false): void {
  try {
    // Locking on the lock screen itself keeps the page recorded earlier (or none: back to the dashboard).
    const recorded = globalThis.sessionStorage?.getItem(LOCKED_FROM_KEY) ?? null;
    if (from.startsWith('/pages/lock-screen') || (keepRecorded && recorded !== null)) return;
    globalThis.sessionStorage?.setItem(LOCKED_FROM_KEY, from);
  } catch {
    // unavailable storage: unlocking then returns to the dashboard
  }
}

export function clearLock(): void {
  remove(LOCKED_KEY);
  notifyAuthStorageChanged();
}

/** The page the session was locked on (an internal path), consumed once by unlocking. */
export function takeLockedFrom(): string | null {
  try {
    const from = globalThis.sessionStorage?.getItem(LOCKED_FROM_KEY) ?? null;
    globalThis.sessionStorage?.removeItem(LOCKED_FROM_KEY);
    return from;
  } catch {
    return null;
  }
}

export function readAccessToken(): string | null {
  return get('accessToken');
}

/** sessionStorage (this tab): set while the browser visits the provider's end-session page. */
export const SIGNED_OUT_AT_PROVIDER_KEY = 'session_signed_out_at_provider';

/** This tab leaves for the provider's end-session page; the login page it comes back to says so. */
export function rememberSignedOutAtProvider(leaving: boolean): void {
  try {
    if (leaving) globalThis.sessionStorage?.setItem(SIGNED_OUT_AT_PROVIDER_KEY, 'true');
    else globalThis.sessionStorage?.removeItem(SIGNED_OUT_AT_PROVIDER_KEY);
  } catch {
    // unavailable storage: the login page simply shows no notice
  }
}

/** Whether this tab came back from the provider's end-session page (read once, at start). */
export function takeSignedOutAtProvider(): boolean {
  try {
    const value = globalThis.sessionStorage?.getItem(SIGNED_OUT_AT_PROVIDER_KEY) ?? null;
    globalThis.sessionStorage?.removeItem(SIGNED_OUT_AT_PROVIDER_KEY);
    return value === 'true';
  } catch {
    return false;
  }
}
