import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import { aUnit } from '@machines/testing/fixtures';
import { fakeLiveConnection } from '@machines/testing/fake-live-connection';
import { BACKEND_SESSION, confirmedOf, sessionIn, type SessionHarness } from '@machines/testing/session-harness';
import { installSessionActor, resetSessionActor } from '@/lib/session/service';
import { liveEventsActor, sessionLiveLogic } from './live-service';

const unitOnline: LiveEvent = {
  id: '0',
  type: 'unit.online',
  at: '2026-11-26T12:00:00.000Z',
  organizationId: 'org-1',
  subjectId: 'unit-1',
  unitId: 'unit-1',
  data: { unit: { ...aUnit(), status: 'online', agent: null } },
};

/** A screen's machine invoking `liveEventsActor`: the ids of the events it heard, in order. */
function screenFollowing() {
  const heard: string[] = [];
  const logic = liveEventsActor((event) => ({ type: 'screen.live', id: event.id }));
  const screen = createActor(
    createMachine({
      invoke: { src: logic },
      on: { 'screen.live': { actions: ({ event }: { event: EventObject & { id?: string } }) => heard.push(event.id ?? '') } },
    }),
  ).start();
  return { heard, stop: () => screen.stop() };
}

let session: SessionHarness | null = null;
const stops: (() => void)[] = [];

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  session?.stop();
  session = null;
  resetSessionActor();
});

async function signedIn(live = fakeLiveConnection()) {
  session = await sessionIn('signedIn', { live });
  installSessionActor(session.actor);
  return { harness: session, live };
}

describe('a screen’s liveEvents actor follows the session’s live connection', () => {
  it('after a lock and an unlock, the stream resumes from the last event the screen got, and it gets the ones after', async () => {
    const { harness, live } = await signedIn();
    const screen = screenFollowing();
    stops.push(screen.stop);
    live.push(unitOnline);
    live.push(unitOnline);
    const opened = live.opens.length;

    harness.actor.send({ type: 'session.lock' });
    harness.fakes.lock.last().resolve(null);
    await harness.settle();
    expect(live.running()).toBe(0);
    // Sent while locked: no stream is open to carry it.
    live.push(unitOnline);

    harness.actor.send({ type: 'session.unlock', password: 'secret' });
    harness.fakes.unlock.last().resolve(confirmedOf(BACKEND_SESSION));
    await harness.settle();

    expect(live.opens).toHaveLength(opened + 1);
    expect(live.opens.at(-1)).toEqual({ lastEventId: '2' });
    live.push(unitOnline);
    expect(screen.heard).toEqual(['1', '2', '4']);
  });

  it('a sign-out closes the stream; the next sign-in’s connection starts from now, and the same screen hears it', async () => {
    const { harness, live } = await signedIn();
    const screen = screenFollowing();
    stops.push(screen.stop);
    live.push(unitOnline);

    harness.actor.send({ type: 'session.logout' });
    expect(live.running()).toBe(0);
    expect(harness.actor.getSnapshot().children.live).toBeUndefined();
    harness.fakes.logout.last().resolve(null);
    await harness.settle();

    harness.actor.send({ type: 'session.login', username: 'admin', password: 'secret' });
    harness.fakes.login.last().resolve(BACKEND_SESSION);
    await harness.settle();
    expect(live.opens.map((input) => input.lastEventId)).toEqual([null, null]);
    live.push(unitOnline);
    expect(screen.heard).toEqual(['1', '2']);
  });

  it('a screen shown before the session runs hears its connection once it does', async () => {
    resetSessionActor();
    const screen = screenFollowing();
    stops.push(screen.stop);
    const { live } = await signedIn();
    live.push(unitOnline);
    expect(screen.heard).toEqual(['1']);
  });
});

describe('the session’s live connection in the machine explorer’s own window', () => {
  /** This document at `pathname`, opened by `opener` (null: a tab of its own); the API answers no events. */
  function inWindow(pathname: string, opener: object | null) {
    const urls: string[] = [];
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { pathname }, opener }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(String(url));
        return new Response(JSON.stringify({ items: [], lastId: null }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return urls;
  }
  const recordingOpener = { closed: false, __appInspection: { isInspecting: () => true } };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('in a tab of its own, the explorer’s session connects as any tab’s does', async () => {
    const urls = inWindow('/dev/statecharts', null);
    const live = createActor(sessionLiveLogic(), { input: { owner: 'u1' } }).start();
    stops.push(() => live.stop());
    await vi.waitFor(() => expect(urls.some((url) => url.includes('/api/events/recent'))).toBe(true));
  });

  it('in the window the user menu opens, it asks the API nothing: the tab that opened it holds the connection and refreshes the token', async () => {
    const urls = inWindow('/dev/statecharts', recordingOpener);
    const live = createActor(sessionLiveLogic(), { input: { owner: 'u1' } }).start();
    stops.push(() => live.stop());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(urls).toEqual([]);
    expect(live.getSnapshot().status).toBe('active');
  });
});
