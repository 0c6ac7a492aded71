import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { Response, type Server, signInAs, startMonitoringServer } from '../../../tests/mirage/monitoring-helpers';
import { startFakeLive } from '../../../tests/support/fake-live';
import UserDashboardPage from './user-dashboard-page';

describe('UserDashboardPage', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startMonitoringServer();
    const session = await signInAs('user');
    localStorage.setItem('accessToken', session.token);
  });
  afterEach(() => server.shutdown());

  it('shows each number as a link to its screen', async () => {
    renderWithProviders(<UserDashboardPage />, { path: '/user/dashboard' });
    const online = await screen.findByRole('link', { name: /^Units online \d+/ }, { timeout: 5000 });
    expect(online).toHaveAttribute('href', '/user/manage-service-units?status=online');
    expect(screen.getByRole('link', { name: /^Screenshots today \d+/ })).toHaveAttribute('href', '/user/manage-screenshots');
    expect(screen.getByRole('link', { name: /^Active URL rules \d+/ })).toHaveAttribute('href', '/user/url-restrictions');
    expect(screen.getByRole('link', { name: /^Processes blocked today \d+/ })).toHaveAttribute('href', '/user/manage-process');
    const latest = await screen.findByRole('region', { name: 'Latest screenshots' });
    await waitFor(() => expect(within(latest).getAllByRole('link', { name: /: screenshot of “/ }).length).toBeGreaterThan(0));
  });

  it('a card that fails shows its own error and Retry while the others load', async () => {
    let calls = 0;
    server.get('/api/dashboard/summary', () => {
      calls += 1;
      return calls === 1
        ? new Response(500, {}, { message: 'down' })
        : new Response(
            200,
            {},
            {
              units: { online: 1234, offline: 2, maintenance: 3, total: 1239 },
              processesBlockedToday: 0,
              screenshotsToday: 5,
              activeUrlRules: 7,
            },
          );
    });
    renderWithProviders(<UserDashboardPage />, { path: '/user/dashboard' });
    const retry = await screen.findByRole('button', { name: 'Retry loading “Units online”' });
    expect(await screen.findByRole('region', { name: 'Recently offline' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Latest screenshots' })).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(retry);
    // Counts go through the thousands formatter.
    const online = await screen.findByRole('link', { name: 'Units online 1.2k (1,234)' });
    expect(online).toHaveTextContent('1.2k');
    expect(calls).toBe(2);
  });

  it('reloads its figures once after a burst of unit events, showing the old ones until the new answer', async () => {
    const live = await startFakeLive();
    try {
      let calls = 0;
      server.get(
        '/api/dashboard/summary',
        () => {
          calls += 1;
          const online = calls === 1 ? 30 : 29;
          return {
            units: { online, offline: 40 - online, maintenance: 0, total: 40 },
            processesBlockedToday: 0,
            screenshotsToday: 0,
            activeUrlRules: 0,
          };
        },
        // Slow enough to look at the card while the reload is on its way.
        { timing: 600 },
      );
      renderWithProviders(<UserDashboardPage />, { path: '/user/dashboard' });
      await screen.findByRole('link', { name: 'Units online 30' }, { timeout: 5000 });
      for (const id of ['1', '2', '3']) {
        live.push({
          id,
          type: 'unit.deleted',
          at: new Date().toISOString(),
          organizationId: '1',
          subjectId: `u${id}`,
          unitId: `u${id}`,
          data: {},
        });
      }
      await waitFor(() => expect(calls).toBe(2), { timeout: 3000 });
      const shown = screen.getByRole('link', { name: 'Units online 30' });
      expect(shown).toHaveAttribute('aria-busy', 'true');
      expect(await screen.findByRole('link', { name: 'Units online 29' }, { timeout: 3000 })).toHaveAttribute('aria-busy', 'false');
      expect(calls).toBe(2);
    } finally {
      live.stop();
    }
  });
});
