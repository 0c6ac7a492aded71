import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from '@mirage/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import AdminDashboardPage from '@/features/dashboard/admin-dashboard-page';
import { renderWithProviders } from '../render';
import { signInAs } from './monitoring-helpers';

let server: Server;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  localStorage.setItem('accessToken', (await signInAs('admin')).token);
});
afterEach(() => server.shutdown());

describe('Admin dashboard', { timeout: 60_000 }, () => {
  it('shows counts that link to their screens, users by role, the riskiest units and the latest sign-ins', async () => {
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    const users = server.db['users']?.length ?? 0;
    const link = await screen.findByRole('link', { name: new RegExp(`^Users ${users}`) }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/admin/manage-users');
    expect(screen.getByRole('link', { name: new RegExp(`^Organizations ${server.db['organizations']?.length}`) })).toHaveAttribute(
      'href',
      '/admin/manage-organizations',
    );
    const roles = screen.getByRole('region', { name: 'Users by role' });
    expect(within(roles).getByRole('link', { name: 'Admins' })).toHaveAttribute('href', '/admin/manage-users?role=2');
    const risky = await screen.findByRole('region', { name: 'Highest failure risk' });
    await waitFor(() => expect(within(risky).getAllByRole('listitem')).toHaveLength(5), { timeout: 10_000 });
    expect(within(risky).getAllByRole('link')[1]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/reporting\/prediction\?unitId=/),
    );
    const signIns = screen.getByRole('region', { name: 'Recent sign-ins' });
    expect(await within(signIns).findByText('Adam Manager')).toBeInTheDocument();
    // The trend: a figure named like its table, the drawing hidden from screen readers, who read the table instead.
    const figure = await screen.findByRole('figure', { name: 'Units online and offline per day' });
    const table = within(figure).getByRole('table', { name: 'Units online and offline per day' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Units online', 'Units offline']);
    const days = within(table).getAllByRole('row').slice(1);
    expect(days).toHaveLength(30);
    expect(within(days[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(/^[A-Z][a-z]{2} \d{1,2}$/);
    // The legend shows each series' name; the chart (uPlot, loaded lazily) keeps its box in the figure. jsdom has
    // no canvas, so nothing is drawn and nothing is logged.
    expect(within(figure).getByText('Units online', { ignore: 'th' })).toBeInTheDocument();
    expect(within(figure).getByText('Units offline', { ignore: 'th' })).toBeInTheDocument();
    const chart = await within(figure).findByTestId('uplot-chart');
    expect(chart.querySelector('canvas')).toBeNull();
  });

  it('shows the trend in the visitor’s language', async () => {
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard', language: 'de' });
    const figure = await screen.findByRole('figure', { name: 'Einheiten online und offline pro Tag' }, { timeout: 15_000 });
    const table = within(figure).getByRole('table', { name: 'Einheiten online und offline pro Tag' });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Datum');
    expect(within(within(table).getAllByRole('row')[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent(/^\d{1,2}\. \S+$/);
    expect(within(figure).getByText('Einheiten online', { ignore: 'th' })).toBeInTheDocument();
    await within(figure).findByTestId('uplot-chart');
  });

  it('lets one failed card retry while the others show their data', async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    server.get('/api/admin/dashboard/recent-sign-ins', () =>
      failing ? new Response(500, {}, { message: 'down' }) : new Response(200, {}, { items: [] }),
    );
    renderWithProviders(<AdminDashboardPage />, { path: '/admin/dashboard' });
    const signIns = await screen.findByRole('region', { name: 'Recent sign-ins' });
    const retry = await within(signIns).findByRole('button', { name: 'Retry loading “Recent sign-ins”' }, { timeout: 15_000 });
    expect(await screen.findByRole('link', { name: /^Organizations \d/ })).toBeInTheDocument();
    failing = false;
    await user.click(retry);
    expect(await within(signIns).findByText('Nobody has signed in yet.')).toBeInTheDocument();
  });
});
