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
  /**
   * Who else gets the new token: `all` (signed in: the other tabs, and the waiting requests), or `tabs`
   * (at start: the other tabs, so one still confirming an older token never stores it over this one;
   * waiting requests wait for the server's word on the user).
   */
  share: 'all' | 'tabs';
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
            'broadcastTokenRefreshed',
            ...(share === 'all' ? (['retryQueue'] as const) : []),
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
