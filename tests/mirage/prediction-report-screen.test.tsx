import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from '@mirage/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import PredictionReportPage from '@/features/reports/prediction-report-page';
import { renderWithProviders } from '../render';
import { signInAs } from './monitoring-helpers';

let server: Server;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  localStorage.setItem('accessToken', (await signInAs('operator')).token);
});
afterEach(() => server.shutdown());

describe('Prediction report screen', { timeout: 60_000 }, () => {
  it('shows the summary, the highest-risk units, the riskiest unit’s forecast and every unit in a table', async () => {
    renderWithProviders(<PredictionReportPage />, { path: '/admin/reporting/prediction' });
    const units = await screen.findByRole('group', { name: 'Units analysed' });
    await waitFor(() => expect(within(units).getByText(String(server.db['serviceUnits']?.length))).toBeInTheDocument(), {
      timeout: 15_000,
    });
    const top = await screen.findByRole('table', { name: 'Highest risk' }, { timeout: 15_000 });
    const first = within(top).getAllByRole('button')[0] as HTMLElement;
    // The riskiest unit's forecast opens by itself, with its figures as a table for screen readers.
    expect(await screen.findByRole('heading', { name: `Forecast for ${first.textContent}` }, { timeout: 10_000 })).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('table', { name: 'Actual and predicted downtime' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Risk by band per organization' })).toBeInTheDocument();
    // The table of every unit renders in a background render of its own, after the figures.
    expect(await screen.findByRole('table', { name: 'Prediction for every service unit' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('keeps the band filter in the URL, and a link opens the report filtered', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderWithProviders(<PredictionReportPage />, { path: '/admin/reporting/prediction' });
    await screen.findByRole('table', { name: 'Prediction for every service unit' }, { timeout: 15_000 });
    await user.click(screen.getByRole('combobox', { name: 'Risk band' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/reporting/prediction?band=high'), { timeout: 10_000 });
    const table = screen.getByRole('table', { name: 'Prediction for every service unit' });
    await waitFor(
      () => {
        const badges = within(table).getAllByText(/^High · \d+$/);
        expect(badges.length).toBe(within(table).getAllByRole('row').length - 1);
      },
      { timeout: 10_000 },
    );
  });

  it('chooses another unit from the top list and shows its forecast', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PredictionReportPage />, { path: '/admin/reporting/prediction' });
    const top = await screen.findByRole('table', { name: 'Highest risk' }, { timeout: 15_000 });
    const second = within(top).getAllByRole('button')[1] as HTMLElement;
    await user.click(second);
    expect(await screen.findByRole('heading', { name: `Forecast for ${second.textContent}` }, { timeout: 10_000 })).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-current', 'true');
  });

  it('shows a failed report with Retry, and recovers', async () => {
    const user = userEvent.setup({ delay: null });
    server.get('/api/reports/prediction', () => new Response(500, {}, { message: 'Database unavailable' }));
    renderWithProviders(<PredictionReportPage />, { path: '/admin/reporting/prediction' });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Database unavailable');
    // The filters' own requests (organizations, the unit search) finish before the server is swapped.
    await screen.findByRole('combobox', { name: 'Organization' }, { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('.mantine-Loader-root')).toBeNull());
    // Inside act: an answer the filters were still waiting for may land while the new server seeds.
    await act(async () => {
      server.shutdown();
      server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
      localStorage.setItem('accessToken', (await signInAs('operator')).token);
    });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Prediction for every service unit' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
