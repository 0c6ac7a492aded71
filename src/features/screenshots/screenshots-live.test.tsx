import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent, ServiceUnit } from '@machines/domain/types';
import { renderAt } from '../../../tests/render';
import { Response, type Server, signInAs, startMonitoringServer, unitsOf } from '../../../tests/mirage/monitoring-helpers';
import { startFakeLive } from '../../../tests/support/fake-live';
import ScreenshotsPage from './screenshots-page';

dayjs.extend(localizedFormat);

const OPEN = /^Open screenshot of /;

describe('Screenshots: live events', { timeout: 30_000 }, () => {
  let server: Server;
  let unit: ServiceUnit;
  let other: ServiceUnit;
  let live: Awaited<ReturnType<typeof startFakeLive>>;
  beforeEach(async () => {
    server = await startMonitoringServer();
    localStorage.setItem('accessToken', (await signInAs('user')).token);
    [unit, other] = unitsOf(server, '1') as [ServiceUnit, ServiceUnit];
    live = await startFakeLive();
  });
  afterEach(() => {
    live.stop();
    cleanup();
    server.shutdown();
    window.history.replaceState(null, '', '/');
  });

  /** A screenshot the unit's agent just delivered (stored as the backend stores it), and its event (naming the capture command it answers). */
  function capture(of: ServiceUnit, commandId: string | null = null): { event: LiveEvent; name: string } {
    const capturedAt = new Date(Date.now() + 60_000).toISOString();
    const row = server.db['screenshots']?.insert({
      serviceUnitId: String(of.id),
      organizationId: String(of.organizationId),
      capturedAt,
      width: 1280,
      height: 720,
      activeWindowTitle: 'Live capture',
      processName: 'bash',
      flagged: false,
      note: '',
    }) as { id: string | number };
    const event: LiveEvent = {
      id: '0',
      type: 'screenshot.captured',
      at: capturedAt,
      organizationId: String(of.organizationId),
      subjectId: String(row.id),
      unitId: String(of.id),
      data: { screenshotId: String(row.id), commandId, unitName: of.name },
    };
    return { event, name: `Open screenshot of ${of.name} at ${dayjs(capturedAt).locale('en').format('lll')}` };
  }

  /** A screenshot changed elsewhere (as the backend stores it), and its event. */
  function change(captured: LiveEvent, what: 'updated' | 'deleted'): LiveEvent {
    const id = captured.subjectId;
    if (what === 'deleted') server.db['screenshots']?.remove(id);
    else server.db['screenshots']?.update(id, { flagged: true, note: 'Game on screen' });
    return { ...captured, type: 'screenshot.changed', data: { screenshotId: id, change: what } };
  }

  /** Shows a new capture first on page 1 (the pointer away from the tiles). */
  async function shown(): Promise<{ event: LiveEvent; name: string }> {
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    const captured = capture(unit);
    live.push(captured.event);
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(captured.name), { timeout: 5000 });
    return captured;
  }

  it('a new capture appears first on page 1, newest first, without a Refresh', async () => {
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    const { event, name } = capture(unit);
    live.push(event);
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(name), { timeout: 5000 });
    expect(screen.queryByRole('status', { name: /new screenshot/ })).not.toBeInTheDocument();
  });

  it('with the pointer over the tiles, nothing moves: “1 new screenshot — Show” waits, and Show brings it in', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    const tiles = await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    const first = tiles[0]?.getAttribute('aria-label');
    await user.hover(tiles[2] as HTMLElement);
    const { event, name } = capture(unit);
    live.push(event);

    const bar = await screen.findByRole('status', { name: '1 new screenshot' });
    expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAttribute('aria-label', first);
    await user.click(within(bar).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(name), { timeout: 5000 });
    expect(screen.queryByRole('status', { name: /new screenshot/ })).not.toBeInTheDocument();
  });

  it('oldest first, a new capture waits behind the bar, and Show opens page 1 newest first', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots?sort=capturedAt&order=asc');
    await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    const { event, name } = capture(unit);
    live.push(event);
    await user.click(within(await screen.findByRole('status', { name: '1 new screenshot' })).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(name), { timeout: 5000 });
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('Newest first');
  });

  it('under a unit filter, another unit’s capture changes nothing, and the unit’s own appears', async () => {
    renderAt(<ScreenshotsPage />, `/user/manage-screenshots?unit=${unit.id}`);
    const first = (await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[0]?.getAttribute('aria-label');
    live.push(capture(other).event);
    expect(screen.queryByRole('status', { name: /new screenshot/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAttribute('aria-label', first);

    const { event, name } = capture(unit);
    live.push(event);
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(name), { timeout: 5000 });
    expect(screen.getAllByRole('button', { name: OPEN })[1]).toHaveAttribute('aria-label', first);
  });

  it('a screenshot deleted elsewhere leaves the grid', async () => {
    const { event, name } = await shown();
    live.push(change(event, 'deleted'));
    await waitFor(() => expect(screen.queryByRole('button', { name })).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('a screenshot flagged elsewhere shows its flag after a quiet reload', async () => {
    const { event } = await shown();
    const flags = screen.queryAllByText('Flagged').length;
    live.push(change(event, 'updated'));
    await waitFor(() => expect(screen.queryAllByText('Flagged')).toHaveLength(flags + 1), { timeout: 5000 });
  });

  it('“Capture now” settles on the live screenshot that answers its command (the request’s status still reads pending)', async () => {
    const pending = {
      id: '900',
      serviceUnitId: String(unit.id),
      requestedAt: new Date().toISOString(),
      status: 'pending',
      failureReason: null,
    };
    server.post('/api/service-units/:id/capture', () => new Response(202, {}, { ...pending, commandId: '812', screenshot: null }));
    // Only the event can settle it: asked, the request stays pending.
    server.get('/api/capture-requests/:id', () => new Response(200, {}, { ...pending, commandId: '812', screenshot: null }));
    renderAt(<ScreenshotsPage />, `/user/manage-screenshots?unit=${unit.id}`);
    await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Capture now' }));
    expect(await screen.findByRole('status', { name: 'Capturing… waiting for the unit' })).toBeInTheDocument();

    // Another capture of the unit (another command) leaves it waiting; its own command's screenshot settles it.
    live.push(capture(unit, '811').event);
    expect(screen.getByRole('status', { name: 'Capturing… waiting for the unit' })).toBeInTheDocument();
    const { event, name } = capture(unit, '812');
    live.push(event);
    // The event names the unit, so the notice does too.
    expect(await screen.findByText(`New screenshot from ${unit.name}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Capturing… waiting for the unit' })).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]).toHaveAccessibleName(name), { timeout: 5000 });
  });

  it('the lightbox showing a screenshot deleted elsewhere closes and says so; the tile under the pointer waits until it leaves', async () => {
    const user = userEvent.setup({ delay: null });
    const { event, name } = await shown();
    await user.click(screen.getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Flag this screenshot' })).toBeInTheDocument();
    live.push(change(event, 'deleted'));
    expect(await screen.findByText('The screenshot you were viewing was deleted elsewhere.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    // The pointer is still over the tiles (it clicked one): nothing moves under it.
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.unhover(screen.getByRole('button', { name }));
    await waitFor(() => expect(screen.queryByRole('button', { name })).not.toBeInTheDocument(), { timeout: 5000 });
  });
});
