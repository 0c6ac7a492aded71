import 'fake-indexeddb/auto';
import type { Server } from '@mirage/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SEED_STORE_LOCK,
  SIMULATED_AGENTS_LOCK,
  startBrowserServer,
  stopBrowserServer,
  whenEverythingLoaded,
  whenStored,
} from '@mirage/browser';
import { LIVE_WAKE_EVENT } from '../../core/live-wake';
import { table } from '@mirage/db';
import type { ServiceUnitRow } from '@mirage/domains/service-units';
import { createIdbStore, type RowStore } from '@mirage/store/row-store';
import { signInAs } from './monitoring-helpers';

/**
 * The browser's embedded backend is live (mirage/browser.ts): a stored batch with events wakes the app's
 * readers (`sua:events`), and the tab holding the Web Lock runs the simulated agents through fetch.
 */

let server: Server | undefined;
let store: RowStore | undefined;
afterEach(async () => {
  // As the tab closing: an agent's heartbeat still in flight is not stored into the closed store.
  stopBrowserServer();
  await whenEverythingLoaded();
  await whenStored();
  server?.shutdown();
  server = undefined;
  store?.close();
  vi.unstubAllGlobals();
});

let count = 0;
const newStore = () => (store = createIdbStore({ name: `browser-live-${(count += 1)}-${Date.now()}` }));

describe('the browser backend, live', () => {
  it('dispatches sua:events when a write stored events, not for a write without any', async () => {
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: newStore() });
    const woken = vi.fn();
    window.addEventListener(LIVE_WAKE_EVENT, woken);
    const user = await signInAs('user');
    expect(woken).not.toHaveBeenCalled();
    const unit = table<ServiceUnitRow>(server.db, 'serviceUnits').where((u) => String(u.organizationId) === '1')[0] as ServiceUnitRow;
    expect((await user.request('POST', '/api/service-units/bulk-maintenance', { ids: [unit.id], maintenance: true })).status).toBe(200);
    await vi.waitFor(() => expect(woken).toHaveBeenCalled());
    window.removeEventListener(LIVE_WAKE_EVENT, woken);
  });

  it('runs the simulated agents once the console is in use, in the tab that holds the lock: they heartbeat through the agent API', async () => {
    const requested: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (name: string, run: () => Promise<void>) => {
          requested.push(name);
          return run();
        },
      },
    });
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: newStore() });
    // The seed's store lock (held while this fresh seed is stored); a visitor reading /login starts no agents.
    expect(requested).toEqual([SEED_STORE_LOCK]);
    // Neither does a sign-in that failed, nor one's own request without a session.
    const refused = await fetch('/api/UserLogin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
      body: JSON.stringify({ params: { username: 'user', password: 'wrong' } }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const stale = await fetch('/api/me', { headers: { Authorization: 'Bearer not-a-session' } });
    expect(stale.status).toBe(401);
    expect(requested).toEqual([SEED_STORE_LOCK]);
    // The first request of a signed-in console: the agents' lock is asked for.
    const user = await signInAs('user');
    expect(requested).toEqual([SEED_STORE_LOCK]);
    expect((await user.request('GET', '/api/me')).status).toBe(200);
    expect(requested).toEqual([SEED_STORE_LOCK, SIMULATED_AGENTS_LOCK]);
    const units = table<ServiceUnitRow>(server.db, 'serviceUnits');
    // The agents start after the first paint and 2 s of quiet (afterFirstPaintAndIdle); the first is due at once, and the
    // driver looks every second.
    await vi.waitFor(() => expect(units.rows().some((u) => u.agent?.kind === 'simulated' && u.agent.system !== null)).toBe(true), {
      timeout: 8_000,
      interval: 100,
    });
    expect((window.mirageRequests ?? []).some((r) => r.path.startsWith('/api/agent/'))).toBe(false);
  });
});
