import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@machines/domain/types';
import { aUnit } from '@machines/testing/fixtures';
import { BACKEND_SESSION, confirmedOf, DEMO_USER, sessionIn, type SessionHarness } from '@machines/testing/session-harness';
import { stopLive, subscribeLiveEvents } from '@/lib/live';
import { installSessionActor } from '@/lib/session';
import { startFakeLive } from '../../tests/support/fake-live';
import { useLiveConnection } from './live-connection';

const unitOnline: LiveEvent = {
  id: '0',
  type: 'unit.online',
  at: '2026-11-26T12:00:00.000Z',
  organizationId: 'org-1',
  subjectId: 'unit-1',
  unitId: 'unit-1',
  data: { unit: { ...aUnit(), status: 'online', agent: null } },
};

/** The signed-in shell: it holds the connection while it is shown (the router replaces it with the lock screen). */
const showShell = () => renderHook(() => useLiveConnection(DEMO_USER.uid));

let session: SessionHarness | null = null;

afterEach(() => {
  act(() => stopLive());
  session?.stop();
  session = null;
});

async function signedIn(): Promise<SessionHarness> {
  session = await sessionIn('signedIn');
  installSessionActor(session.actor);
  return session;
}

describe('useLiveConnection', () => {
  it('after a lock and an unlock, the stream resumes from the last event the screens got, and they get the ones after it', async () => {
    const harness = await signedIn();
    const live = startFakeLive();
    const received: string[] = [];
    const unsubscribe = subscribeLiveEvents((event) => received.push(event.id));
    const shell = showShell();
    live.push(unitOnline);
    live.push(unitOnline);
    const opened = live.opens.length;

    act(() => harness.actor.send({ type: 'session.lock' }));
    harness.fakes.lock.last().resolve(null);
    await act(() => harness.settle());
    shell.unmount();

    act(() => harness.actor.send({ type: 'session.unlock', password: 'secret' }));
    harness.fakes.unlock.last().resolve(confirmedOf(BACKEND_SESSION));
    await act(() => harness.settle());
    showShell();

    expect(live.opens).toHaveLength(opened + 1);
    expect(live.opens.at(-1)).toEqual({ lastEventId: '2' });
    live.push(unitOnline);
    expect(received).toEqual(['1', '2', '3']);
    unsubscribe();
  });

  it('a sign-out closes it for good: the next sign-in, even the same person’s, starts from now', async () => {
    const harness = await signedIn();
    const first = startFakeLive();
    const shell = showShell();
    first.push(unitOnline);
    const opened = first.opens.length;

    act(() => harness.actor.send({ type: 'session.logout' }));
    shell.unmount();
    harness.fakes.logout.last().resolve(null);
    await act(() => harness.settle());

    // The next sign-in's connection is a new one; the first stream is never opened again.
    const next = startFakeLive();
    act(() => harness.actor.send({ type: 'session.login', username: 'admin', password: 'secret' }));
    harness.fakes.login.last().resolve(BACKEND_SESSION);
    await act(() => harness.settle());
    showShell();

    expect(first.opens).toHaveLength(opened);
    expect(next.opens.every((input) => input.lastEventId === null)).toBe(true);
  });
});
