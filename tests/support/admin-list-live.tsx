import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@machines/domain/types';
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
  /** The button that opens the screen's form drawer for a new record, and the drawer's title. */
  create: { button: string; drawer: string };
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
 * The admin lists' live contract (docs/live.md), the same for each screen: a burst of the list's own change
 * event (`user.changed`, `organization.changed`) reloads it once, after the quiet delay; the other kind reloads nothing;
 * while the form drawer is open the reload waits, and runs once when it closes.
 */
// The clock is faked (shouldAdvanceTime): the debounce and the quiet spells pass at once, not in real time.
const quiet = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The list machine's live debounce (liveDebounceMs). */
const LIVE_DEBOUNCE_MS = 1000;

export function describeAdminListLive({ title, account, page, path, api, change: own, create }: AdminListLive): void {
  const other: AdminChange = own === 'user.changed' ? 'organization.changed' : 'user.changed';
  const listRequest = new RegExp(`${api}(\\?|$)`);

  describe(`${title} and the live events`, () => {
    let server: Server;
    let live: Awaited<ReturnType<typeof startFakeLive>>;

    beforeEach(async () => {
      const { username, role, ...user } = account;
      live = await startFakeLive({ role, user });
      server = await startMonitoringServer();
      localStorage.setItem('accessToken', (await signInAs(username)).token);
    });
    afterEach(() => {
      live.stop();
      cleanup();
      vi.restoreAllMocks();
      server.shutdown();
      window.history.replaceState(null, '', '/');
    });

    it(`reloads the list once after a burst of ${own}, and not for another kind of change`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const listCalls = await showList();
      live.push(change(other));
      for (let i = 0; i < 3; i += 1) live.push(change(own));
      await quiet(LIVE_DEBOUNCE_MS);
      await waitFor(() => expect(listCalls()).toBe(2));
      // Quiet for longer than the debounce: nothing else is asked for.
      await quiet(1200);
      expect(listCalls()).toBe(2);
    });

    it(`waits with that reload while the form drawer is open, and reloads once when it closes`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const listCalls = await showList();
      await user.click(screen.getByRole('button', { name: create.button }));
      const drawer = await screen.findByRole('dialog', { name: create.drawer });
      for (let i = 0; i < 3; i += 1) live.push(change(own));
      // Longer than the debounce: a reload now could move the rows under the form.
      await quiet(1500);
      expect(listCalls()).toBe(1);
      await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
      await quiet(LIVE_DEBOUNCE_MS);
      await waitFor(() => expect(listCalls()).toBe(2));
      await quiet(1200);
      expect(listCalls()).toBe(2);
    });

    /** Renders the screen until its first page is shown; answers how many times the list was asked for. */
    async function showList(): Promise<() => number> {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const listCalls = () => fetchSpy.mock.calls.filter((args) => listRequest.test(String(args[0]))).length;
      renderAt(page, path);
      await screen.findByRole('table');
      await waitFor(() => expect(listCalls()).toBe(1));
      return listCalls;
    }
  });
}
