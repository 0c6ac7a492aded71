import { waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';

/**
 * Settle and flush helpers: the one place tests wait for an actor to react.
 *
 * - `flush()` lets every pending promise callback and the actors' reactions to them run (one macrotask:
 *   a fake actor's answer, the done event it sends, the parent's next invoke).
 * - `flushMicrotasks()` does the same without a macrotask, for tests that fake `setTimeout` (vi fake timers).
 * - `settle(actor)` waits until the actor carries no `busy` tag (or until `until` holds) — never by time.
 */
export const flush = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function flushMicrotasks(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

export function settle<TActor extends AnyActorRef>(
  actor: TActor,
  until: (snapshot: SnapshotFrom<TActor>) => boolean = (s) => !(s as { hasTag?: (tag: string) => boolean }).hasTag?.('busy'),
): Promise<SnapshotFrom<TActor>> {
  return waitFor(actor, until);
}
