import { act } from '@testing-library/react';
import type { LiveEvent } from '@machines/domain/types';
import type { LiveEventsEvent } from '@machines/live/live-events.machine';
import { fakeLiveConnection } from '@machines/testing/fake-live-connection';
import type { SessionUser } from '@machines/session/stored-session';
import { sessionIn } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';

export interface FakeLiveOptions {
  /** Whether each stream answers at once (default true); false: it waits for `send({ type: 'stream.opened' })`. */
  open?: boolean;
  /** Who is signed in (default: the harness's admin, role 2). */
  role?: 1 | 2 | 3 | 4;
  user?: Partial<SessionUser>;
}

/**
 * For a screen test: a signed-in session (machines/testing/session-harness.ts) installed as the app's, whose live
 * connection, its child `live`, runs on a stream the test writes into. Start it before the render, `push` an
 * event as the backend would send it (numbered here: the machine drops an id it has passed), and `stop` the
 * session after the test (its connection closes with it, as on sign-out).
 *
 *   const live = await startFakeLive();
 *   renderAt(<Screen />, '/path');
 *   live.push(anEvent);
 *
 * `send` hands the connection any `stream.*` event (opened, failed, ended); `opens` is where each stream was asked
 * to start (`Last-Event-ID`), in order.
 */
export async function startFakeLive({ open = true, role, user }: FakeLiveOptions = {}) {
  const connection = fakeLiveConnection({ open });
  const session = await sessionIn('signedIn', { live: connection, ...(role ? { role } : {}), ...(user ? { user } : {}) });
  installSessionActor(session.actor);
  return {
    session,
    opens: connection.opens,
    send(event: LiveEventsEvent) {
      act(() => connection.send(event));
    },
    push(event: LiveEvent) {
      act(() => connection.push(event));
    },
    stop: () => session.stop(),
  };
}
