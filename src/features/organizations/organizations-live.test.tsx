import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import {
  liveEventsMachine,
  type FetchRecentInput,
  type LiveEventsEvent,
  type OpenStreamInput,
  type RecentEvents,
} from '@machines/live/live-events.machine';
import { sessionIn } from '@machines/testing/session-harness';
import { startLive, stopLive } from '@/lib/live';
import { installSessionActor } from '@/lib/session';
import { renderAt } from '../../../tests/render';
import { signInAs, startMonitoringServer } from '../../../tests/mirage/monitoring-helpers';
import { OrganizationsScreen } from './organizations-page';

let server: Server;
let send: ((event: LiveEventsEvent) => void) | null = null;

beforeEach(async () => {
  installSessionActor(
    (await sessionIn('signedIn', { role: 1, user: { uid: '1', displayName: 'Sam Super', email: 'superadmin@acme.example' } })).actor,
  );
  server = await startMonitoringServer();
  localStorage.setItem('accessToken', (await signInAs('superadmin')).token);
  // The live actor with a fake stream the test writes into.
  startLive(
    liveEventsMachine.provide({
      actors: {
        openStream: fromCallback<EventObject, OpenStreamInput>(({ sendBack }) => {
          send = sendBack;
          sendBack({ type: 'stream.opened', lastId: '0' });
        }),
        fetchRecent: fromPromise<RecentEvents, FetchRecentInput>(() => new Promise<RecentEvents>(() => undefined)),
      },
    }),
    { jitter: 0 },
  );
});
afterEach(() => {
  stopLive();
  cleanup();
  vi.restoreAllMocks();
  server.shutdown();
  window.history.replaceState(null, '', '/');
});

const event = (id: string, type: 'user.changed' | 'organization.changed'): LiveEvent => ({
  id,
  type,
  at: new Date().toISOString(),
  organizationId: '1',
  subjectId: `s${id}`,
  unitId: null,
  data: { change: 'updated' },
});

describe('Organizations and the live events', () => {
  it('reloads the list once after a burst of organization.changed, and not for another kind of change', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const listCalls = () => fetchSpy.mock.calls.filter((args) => /\/api\/organizations(\?|$)/.test(String(args[0]))).length;
    renderAt(<OrganizationsScreen />, '/admin/organizations');
    await screen.findByRole('table');
    await waitFor(() => expect(listCalls()).toBe(1));
    act(() => send?.({ type: 'stream.event', event: event('1', 'user.changed') }));
    act(() => {
      for (const id of ['2', '3', '4']) send?.({ type: 'stream.event', event: event(id, 'organization.changed') });
    });
    await waitFor(() => expect(listCalls()).toBe(2), { timeout: 3000 });
    // Quiet for longer than the debounce: nothing else is asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(listCalls()).toBe(2);
  });
});
