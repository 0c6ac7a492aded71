import { sessionSetup } from './session.setup';
import type { RenewalReason, SessionEvent } from './session.types';

interface RenewalOptions {
  /** Invoke ids of the first attempt and of its retry. */
  ids: readonly [attempt: string, retry: string];
  /** Why the first attempt asks, from the event that started the renewal. */
  reasonOf: (event: SessionEvent) => RenewalReason;
  /** Why the retry asks. */
  retryReason: RenewalReason;
  /** The state a new token leads to. */
  target: string;
  /** Signed in: the other tabs and the waiting requests get the new token too. */
  share: boolean;
}

/**
 * A token from the identity provider without a page change: one attempt, one retry, then the session
 * ends (`renewalFailed`). Used at start (restoring a provider session) and while signed in.
 */
export function renewalStates({ ids, reasonOf, retryReason, target, share }: RenewalOptions) {
  const step = (id: string, reason: (event: SessionEvent) => RenewalReason, last: boolean) =>
    sessionSetup.createStateConfig({
      invoke: {
        id,
        src: 'renewProvider',
        input: ({ context, event }) => ({ accessToken: context.accessToken ?? '', reason: reason(event) }),
        onDone: {
          target,
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
            'persistSession',
            ...(share ? (['broadcastTokenRefreshed', 'retryQueue'] as const) : []),
          ],
        },
        onError: last ? { target: '#session.signedOut', actions: { type: 'endSession', params: { reason: 'renewalFailed' } } } : 'retry',
      },
    });
  return sessionSetup.createStateConfig({
    initial: 'attempt',
    states: {
      attempt: step(ids[0], reasonOf, false),
      retry: step(ids[1], () => retryReason, true),
    },
  });
}
