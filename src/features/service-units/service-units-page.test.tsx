import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent, UnitStatus } from '@machines/domain/types';
import type { ListQuery } from '@machines/list/list.machine';
import { aUnit } from '@machines/testing/fixtures';
import { renderAt } from '../../../tests/render';
import { startFakeLive } from '../../../tests/support/fake-live';
import type { UnitRow } from './api/types';
import { apiServices, type UnitServices } from './hooks/use-service-units';
import { ServiceUnitsScreen } from './service-units-page';

const unit = (n: number, status: UnitStatus = 'online'): UnitRow => ({
  ...aUnit({ id: `unit-${n}`, name: `Kiosk ${String(n).padStart(2, '0')}`, hostname: `kiosk-${n}` }),
  status,
  agent: null,
});

/** The fake stream numbers the events it sends. `at`: now (after the page loaded) unless the test says otherwise. */
const liveEvent = (
  type: 'unit.online' | 'unit.offline' | 'unit.changed' | 'unit.created',
  row: UnitRow,
  at = new Date().toISOString(),
): LiveEvent => ({
  id: '0',
  type,
  at,
  organizationId: 'org-1',
  subjectId: row.id,
  unitId: row.id,
  data: { unit: row },
});

/** The screen with a backend of `rows` (30 units: two pages of 25) and a live stream the test drives. */
function setUp(path: string) {
  const rows = Array.from({ length: 30 }, (_, i) => unit(i + 1));
  const queries: ListQuery[] = [];
  const services: UnitServices = {
    ...apiServices,
    fetchPage: async (query) => {
      queries.push(query);
      const start = (query.page - 1) * query.pageSize;
      return { items: rows.slice(start, start + query.pageSize), total: rows.length, page: query.page, pageSize: query.pageSize };
    },
    loadTags: async () => ({ items: [] }),
  };
  renderAt(<ServiceUnitsScreen services={services} />, path);
  return { rows, queries, push: live.push };
}

let live: Awaited<ReturnType<typeof startFakeLive>>;

// A signed-in session whose live connection runs on a stream the test writes into (before the render, so the
// first load's answer lands while findBy* waits, as it did).
beforeEach(async () => {
  live = await startFakeLive();
});

afterEach(() => {
  cleanup();
  live.stop();
  window.history.replaceState(null, '', '/');
});

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Service units: live events', { timeout: 60_000 }, () => {
  it('flips a unit’s status badge in place, without asking the server again', async () => {
    const { queries, push } = setUp('/user/manage-service-units');
    await screen.findByRole('row', { name: /Kiosk 02/ });
    expect(within(rowOf('Kiosk 02')).getByText('Online')).toBeInTheDocument();
    const asked = queries.length;

    push(liveEvent('unit.offline', unit(2, 'offline')));
    expect(within(rowOf('Kiosk 02')).getByText('Offline')).toBeInTheDocument();
    expect(queries).toHaveLength(asked);
  });

  it('shows a unit created elsewhere on page 1 of the unfiltered list', async () => {
    const { rows, push } = setUp('/user/manage-service-units');
    await screen.findByRole('row', { name: /Kiosk 01/ });
    const created = { ...unit(31), name: 'Kiosk 00 new' };
    rows.unshift(created);
    push(liveEvent('unit.created', created));
    expect(await screen.findByRole('row', { name: /Kiosk 00 new/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /new unit/ })).not.toBeInTheDocument();
  });

  it('on page 2, keeps the rows still and offers “N new units — Show”, which opens page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { rows, queries, push } = setUp('/user/manage-service-units?page=2');
    await screen.findByRole('row', { name: /Kiosk 26/ });
    const asked = queries.length;
    for (const n of [31, 32, 33]) {
      const created = unit(n);
      rows.unshift(created);
      push(liveEvent('unit.created', created));
    }
    expect(queries).toHaveLength(asked);
    expect(screen.getByRole('status', { name: '3 new units' })).toHaveTextContent('3 new units');

    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(queries.at(-1)?.page).toBe(1));
    expect(await screen.findByRole('row', { name: /Kiosk 33/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /new units/ })).not.toBeInTheDocument();
  });

  it('after unlock on page 2, units created while locked (their events replay) are not “new”: the reload has them', async () => {
    const { rows, queries, push } = setUp('/user/manage-service-units?page=2');
    await screen.findByRole('row', { name: /Kiosk 26/ });
    const asked = queries.length;
    // Created while the screen was locked, before it loaded again.
    const whileLocked = new Date(Date.now() - 60_000).toISOString();
    for (const n of [31, 32]) push(liveEvent('unit.created', unit(n), whileLocked));
    expect(screen.queryByRole('status', { name: /new unit/ })).not.toBeInTheDocument();
    // One created after it loaded still is.
    rows.unshift(unit(33));
    push(liveEvent('unit.created', unit(33)));
    expect(screen.getByRole('status', { name: '1 new unit' })).toHaveTextContent('1 new unit');
    expect(queries).toHaveLength(asked);
  });
});
