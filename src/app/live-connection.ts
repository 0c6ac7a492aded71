import { useEffect } from 'react';
import { pauseLive, startLive, stopLive } from '@/lib/live';
import { selectIsSignedOut, useSessionActor } from '@/lib/session';

/**
 * The live connection lasts as long as a user is signed in to a screen of the app: it opens when `userId`
 * is set. When the signed-in shell goes it closes: for good on sign-out, paused while the sign-in goes on
 * (the lock screen), so coming back resumes from the last event and the screens get what they missed.
 * Whose cursor it is (the machine's `owner`) is the person and the sign-in, read when it opens: a token
 * refresh does not reopen it, and a later sign-in, even the same person's, starts from now.
 */
export function useLiveConnection(userId: string | null): void {
  const session = useSessionActor();
  useEffect(() => {
    if (userId === null) return;
    startLive(undefined, { owner: `${userId}:${session?.getSnapshot().context.sessionKey ?? ''}` });
    return () => {
      const snapshot = session?.getSnapshot();
      if (!snapshot || selectIsSignedOut(snapshot)) stopLive();
      else pauseLive();
    };
  }, [userId, session]);
}
