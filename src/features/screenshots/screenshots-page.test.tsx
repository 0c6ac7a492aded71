import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceUnit } from '@machines/domain/types';
import { renderAt } from '../../../tests/render';
import { Response, type Server, setUnitOnline, signInAs, startMonitoringServer, unitsOf } from '../../../tests/mirage/monitoring-helpers';
import { fill } from '../../../tests/support/fill';
import { findTextPassingTime } from '../../../tests/support/pass-time';
import ScreenshotsPage from './screenshots-page';

const OPEN = /^Open screenshot of /;

/**
 * The first page of the list, waited for with a cheap query by text (the count shows with the tiles): a query by role
 * and name, run again on every DOM change while the grid mounts, computes every button's accessible name each time.
 */
const firstPage = () => screen.findByText(/^\d+ screenshots?$/, {}, { timeout: 5000 });

describe('ScreenshotsPage', () => {
  let server: Server;
  let unit: ServiceUnit;
  beforeEach(async () => {
    server = await startMonitoringServer();
    const session = await signInAs('user');
    localStorage.setItem('accessToken', session.token);
    unit = unitsOf(server, '1')[0] as ServiceUnit;
    setUnitOnline(server, String(unit.id));
  });
  afterEach(() => {
    vi.useRealTimers();
    // Unmounted first: the screen follows the address bar.
    cleanup();
    server.shutdown();
    window.history.replaceState(null, '', '/');
  });

  it('opens the lightbox, steps with the arrow keys and flags with a note', async () => {
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await firstPage();
    const thumbnails = await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    expect(thumbnails).toHaveLength(24);
    await userEvent.click(thumbnails[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const total = Number(/^(\d+) screenshots$/.exec(screen.getByText(/^\d+ screenshots$/).textContent ?? '')?.[1]);
    expect(within(dialog).getByText(`1 of ${total}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Next' }), { key: 'ArrowRight' });
    expect(within(dialog).getByText(`2 of ${total}`)).toBeInTheDocument();
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Next' }), { key: 'ArrowLeft' });
    expect(within(dialog).getByText(`1 of ${total}`)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Flag this screenshot' }));
    await fill(userEvent.setup({ delay: null }), within(dialog).getByRole('textbox', { name: 'Note' }), 'Game on screen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Screenshot flagged')).toBeInTheDocument();
  }, 30_000);

  it('the lightbox walks on to the next page at the end of this one', async () => {
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots?pageSize=24');
    await firstPage();
    const thumbnails = await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    await userEvent.click(thumbnails[23] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^24 of \d+$/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/^25 of \d+$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByText(/^24 of \d+$/)).toBeInTheDocument();
  }, 30_000);

  it('a page change is a history entry: the URL keeps it and back returns to the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots?flagged=false');
    await firstPage();
    const first = (await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[0]?.getAttribute('aria-label');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('page')).toBe('2');
    expect(params.get('flagged')).toBe('false');
    // The new page's tiles render in the background (screenshots-page.tsx): under a loaded machine, more than 1 s.
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]?.getAttribute('aria-label')).not.toBe(first), {
      timeout: 5000,
    });

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?flagged=false'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: OPEN })[0]?.getAttribute('aria-label')).toBe(first), {
      timeout: 5000,
    });
  }, 30_000);

  it('a failed save keeps the note that was typed', async () => {
    server.patch('/api/screenshots/:id', () => new Response(500, {}, { message: 'down' }));
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await firstPage();
    await userEvent.click((await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[2] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await fill(userEvent.setup({ delay: null }), within(dialog).getByRole('textbox', { name: 'Note' }), 'Keep me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The screenshot could not be saved')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Keep me');
  }, 30_000);

  it('says "unknown" where a real agent could not read the window in front or its process', async () => {
    server.db['screenshots']?.insert({
      serviceUnitId: String(unit.id),
      organizationId: String(unit.organizationId),
      capturedAt: new Date(Date.now() + 60_000).toISOString(),
      width: 1024,
      height: 768,
      activeWindowTitle: '',
      processName: '',
      flagged: false,
      note: '',
    });
    renderAt(<ScreenshotsPage />, `/user/manage-screenshots?unit=${unit.id}`);
    await firstPage();
    const newest = (await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[0] as HTMLElement;
    const card = newest.closest('.mantine-Card-root') as HTMLElement;
    expect(within(card).getByText('Unknown window')).toBeInTheDocument();
    await userEvent.click(newest);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unknown process')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown window')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: `Screenshot of ${unit.name}: Unknown window` })).toBeInTheDocument();
  }, 30_000);

  /**
   * The contract's capture: 202 with a pending request, settled by the unit's agent. Here the "agent" settles it
   * on the second status check with `outcome` (a delivered one adds its screenshot to the backend's rows).
   */
  function agentSettlesCapture(outcome: { status: 'delivered' } | { status: 'failed'; failureReason: string }) {
    const request = (status: string, extra: Record<string, unknown> = {}) => ({
      id: '900',
      serviceUnitId: String(unit.id),
      requestedAt: new Date().toISOString(),
      status,
      failureReason: null,
      commandId: null,
      screenshot: null,
      ...extra,
    });
    let checks = 0;
    server.post('/api/service-units/:id/capture', () => new Response(202, {}, request('pending')));
    server.get('/api/capture-requests/:id', () => {
      checks += 1;
      if (checks < 2) return new Response(200, {}, request('pending'));
      if (outcome.status === 'failed') return new Response(200, {}, request('failed', { failureReason: outcome.failureReason }));
      const row = server.db['screenshots']?.insert({
        serviceUnitId: String(unit.id),
        organizationId: String(unit.organizationId),
        capturedAt: new Date().toISOString(),
        width: 1280,
        height: 720,
        activeWindowTitle: 'Terminal',
        processName: 'bash',
        flagged: false,
        note: '',
      }) as { id: string } & Record<string, unknown>;
      return new Response(200, {}, request('delivered', { screenshot: { ...row, id: String(row.id), unitName: unit.name } }));
    });
  }

  /** A capture's status is checked every 500 ms (the capture machine's pollMs): the fake clock passes the checks. */
  const findPassingCaptureChecks = (text: string) => findTextPassingTime(text, { stepMs: 500 });

  it('captures now: a pending tile, then the new screenshot arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    agentSettlesCapture({ status: 'delivered' });
    renderAt(<ScreenshotsPage />, `/user/manage-screenshots?unit=${unit.id}`);
    await firstPage();
    await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
    const before = screen.getByText(/^\d+ screenshots$/).textContent;
    await userEvent.click(screen.getByRole('button', { name: 'Capture now' }));
    expect(await screen.findByRole('status', { name: 'Capturing… waiting for the unit' })).toBeInTheDocument();
    expect(await findPassingCaptureChecks(`New screenshot from ${unit.name}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Capturing… waiting for the unit' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText(/^\d+ screenshots$/).textContent).not.toBe(before));
  }, 30_000);

  it.each([
    ['notSupported', 'Screenshots are not supported on this unit (no display).'],
    ['refused', 'The agent on this unit refused to capture a screenshot.'],
    ['agentRevoked', 'The agent of this unit was revoked.'],
  ])(
    'a capture the agent answers %s is explained',
    async (failureReason, text) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      agentSettlesCapture({ status: 'failed', failureReason });
      renderAt(<ScreenshotsPage />, `/user/manage-screenshots?unit=${unit.id}`);
      await firstPage();
      await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 });
      await userEvent.click(screen.getByRole('button', { name: 'Capture now' }));
      expect(await findPassingCaptureChecks(text)).toBeInTheDocument();
      expect(screen.getByText('The capture failed')).toBeInTheDocument();
    },
    30_000,
  );

  it('the lightbox shows the image an agent uploaded', async () => {
    // A 1×1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const shot = (id: string, hasImage: boolean) => ({
      id,
      serviceUnitId: String(unit.id),
      unitName: unit.name,
      capturedAt: '2026-11-26T16:00:00.000Z',
      width: 1,
      height: 1,
      activeWindowTitle: `Window ${id}`,
      processName: 'bash',
      flagged: false,
      note: '',
      hasImage,
    });
    server.get(
      '/api/screenshots',
      () => new Response(200, {}, { items: [shot('1', true), shot('2', false)], total: 2, page: 1, pageSize: 24 }),
    );
    const asked: string[] = [];
    server.get('/api/screenshots/:id/image', (_schema, request) => {
      asked.push(String(request.params['id']));
      return new Response(200, {}, { contentType: 'image/png', data: png });
    });
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await firstPage();
    await userEvent.click((await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const image = await within(dialog).findByRole('img', { name: `Screenshot of ${unit.name}: Window 1` });
    await waitFor(() => expect(image).toHaveAttribute('src', `data:image/png;base64,${png}`));
    expect(asked).toEqual(['1']);
    // A simulated screenshot is still drawn from its metadata, and asks for no image.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const drawn = await within(dialog).findByRole('img', { name: `Screenshot of ${unit.name}: Window 2` });
    expect(drawn.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(asked).toEqual(['1']);
  }, 30_000);

  it('an uploaded image that cannot be loaded falls back to the drawn picture, and says so', async () => {
    const listed = server.db['screenshots']?.where({ serviceUnitId: String(unit.id) }) ?? [];
    const target = listed[0] as { id: string; activeWindowTitle: string } | undefined;
    if (!target) throw new Error('no screenshot of the unit');
    server.get(
      '/api/screenshots',
      () =>
        new Response(
          200,
          {},
          {
            items: [{ ...target, id: String(target.id), unitName: unit.name, hasImage: true }],
            total: 1,
            page: 1,
            pageSize: 24,
          },
        ),
    );
    server.get('/api/screenshots/:id/image', () => new Response(404, {}, { message: 'Screenshot image not found' }));
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await firstPage();
    await userEvent.click((await screen.findAllByRole('button', { name: OPEN }, { timeout: 5000 }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^The uploaded image could not be loaded/)).toBeInTheDocument();
    const drawn = within(dialog).getByRole('img', { name: `Screenshot of ${unit.name}: ${target.activeWindowTitle}` });
    expect(drawn.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  }, 30_000);

  it('deletes the selected screenshots after confirmation', async () => {
    renderAt(<ScreenshotsPage />, '/user/manage-screenshots');
    await firstPage();
    const boxes = await screen.findAllByRole('checkbox', { name: /^Select screenshot of / }, { timeout: 5000 });
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.click(boxes[1] as HTMLElement);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 screenshots deleted')).toBeInTheDocument();
  }, 30_000);
});
