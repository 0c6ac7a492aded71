import { useEffect } from 'react';
import { startLive, stopLive } from '@/lib/live';

/**
 * The live connection lasts as long as a user is signed in to a screen of the app: it opens when `userId`
 * is set and closes when it is cleared (sign-out) or the signed-in shell goes (the lock screen, sign-in page).
 */
export function useLiveConnection(userId: string | null): void {
  useEffect(() => {
    if (userId === null) return;
    startLive();
    return () => stopLive();
  }, [userId]);
}
