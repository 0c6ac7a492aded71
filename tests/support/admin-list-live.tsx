import { cleanup, screen, waitFor, act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@machines/domain/types';
import { sessionIn } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { renderAt } from '../render';
import { signInAs, startMonitoringServer } from '../mirage/monitoring-helpers';
import { startFakeLive } from './fake-live';

type AdminChange = 'user.changed' | 'organization.changed';

export interface AdminListLive {
  /** What the screen is called, e.g. 'User Management'. */
  title: string;
  /** The demo account signed in, and the session the app holds for it. */
  account: { username: string; role: 1 | 2; uid: string; displayName: string; email: string };
  /** The screen, rendered at `path`. */
  page: ReactElement;
  path: string;
  /** The list's request, e.g. '/api/users'. */
  api: string;
  /** The event that makes this list stale; the other admin change is not its business. */
  change: AdminChange;
}

const change = (type: AdminChange): LiveEvent => ({
  id: '0',
  type,
  at: new Date().toISOString(),
  organizationId: '1',
  subjectId: 's1',
  unitId: null,
  data: { change: 'updated' },
});

/**
 * The admin lists' live contract (docs/live.md), one test for each screen: a burst of the list's own change
 * event (`user.changed`, `organization.changed`) reloads it once, after the quiet delay; the other kind reloads nothing.
 */
export function describeAdminListLive({ title, account, page, path, api, change: own }: AdminListLive): void {
  const other: AdminChange = own === 'user.changed' ? 'organization.changed' : 'user.changed';
  const listRequest = new RegExp(`${api}(\\?|$)`);

  describe(`${title} and the live events`, () => {
    let server: Server;
    let live: ReturnType<typeof startFakeLive>;

    beforeEach(async () => {
      const { username, role, ...user } = account;
      installSessionActor((await sessionIn('signedIn', { role, user })).actor);
      server = await startMonitoringServer();
      localStorage.setItem('accessToken', (await signInAs(username)).token);
      live = startFakeLive();
    });
    afterEach(() => {
      live.stop();
      cleanup();
      vi.restoreAllMocks();
      server.shutdown();
      window.history.replaceState(null, '', '/');
    });

    it(`reloads the list once after a burst of ${own}, and not for another kind of change`, async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const listCalls = () => fetchSpy.mock.calls.filter((args) => listRequest.test(String(args[0]))).length;
      renderAt(page, path);
      await screen.findByRole('table');
      await waitFor(() => expect(listCalls()).toBe(1));
      live.push(change(other));
      for (let i = 0; i < 3; i += 1) live.push(change(own));
      await waitFor(() => expect(listCalls()).toBe(2), { timeout: 3000 });
      // Quiet for longer than the debounce: nothing else is asked for.
      await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
      expect(listCalls()).toBe(2);
    });
  });
}
