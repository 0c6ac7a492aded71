/**
 * The session, as the rest of the app sees it. The session issue replaces these
 * internals with the session machine; the exported names and shapes stay.
 */
import { useSyncExternalStore } from 'react';
import { clearSessionStorage, notifyAuthStorageChanged, AUTH_STORAGE_EVENT } from '../auth-storage';

export interface ActiveUser {
  uid: string;
  displayName: string;
  about: string;
  photoURL: string;
  status: string;
  userRole: string;
  email: string;
  providerId: string;
}

function readUser(): ActiveUser | null {
  try {
    const raw = globalThis.localStorage?.getItem('userInfo');
    return raw ? (JSON.parse(raw) as ActiveUser) : null;
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedUser: ActiveUser | null = null;
function snapshot(): ActiveUser | null {
  const raw = globalThis.localStorage?.getItem('userInfo') ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = readUser();
  }
  return cachedUser;
}
function subscribe(cb: () => void) {
  globalThis.addEventListener?.(AUTH_STORAGE_EVENT, cb);
  return () => globalThis.removeEventListener?.(AUTH_STORAGE_EVENT, cb);
}

/** The signed-in user's record, or null. */
export function useSessionUser(): ActiveUser | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Commands the layout's user menu sends. */
export const sessionCommands = {
  logout(): void {
    clearSessionStorage();
  },
  lock(): void {
    try {
      globalThis.localStorage?.setItem('session_locked', 'true');
    } catch {
      // unavailable storage: nothing to lock
    }
    notifyAuthStorageChanged();
  },
};

/** Reseeds the embedded backend (demo mode only). */
export async function resetDemoData(): Promise<void> {
  // Implemented by the session issue (persistence lives with Mirage).
}
