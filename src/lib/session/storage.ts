import { STORED_KEYS, toStoredValues, type SessionData, type StoredValues } from '@machines/session/stored-session';
import { clearSessionStorage, notifyAuthStorageChanged } from '../auth-storage';

/** Where the session was locked, so unlocking returns there. */
export const LOCKED_FROM_KEY = 'session_locked_from';
export const LOCKED_KEY = 'session_locked';

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

export function writeSession(session: SessionData): void {
  for (const [key, value] of Object.entries(toStoredValues(session))) set(key, value);
  notifyAuthStorageChanged();
}

export function clearSession(): void {
  clearSessionStorage();
}

export function writeLock(from: string): void {
  set(LOCKED_KEY, 'true');
  // Locking on the lock screen itself keeps the page recorded earlier (or none: back to the dashboard).
  if (get(LOCKED_FROM_KEY) === null && !from.startsWith('/pages/lock-screen')) set(LOCKED_FROM_KEY, from);
  notifyAuthStorageChanged();
}

export function clearLock(): void {
  try {
    globalThis.localStorage?.removeItem(LOCKED_KEY);
  } catch {
    // unavailable storage: nothing to clear
  }
  notifyAuthStorageChanged();
}

/** The page the session was locked on (an internal path), consumed once by unlocking. */
export function takeLockedFrom(): string | null {
  const from = get(LOCKED_FROM_KEY);
  try {
    globalThis.localStorage?.removeItem(LOCKED_FROM_KEY);
  } catch {
    // ignore
  }
  return from;
}

export function readAccessToken(): string | null {
  return get('accessToken');
}
