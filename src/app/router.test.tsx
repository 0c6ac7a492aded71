import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionFacade from '@/lib/session';
import { renderWithProviders } from '../../tests/render';
import { AppRouter } from './router';

// Keep these tests about routing: the layout's user comes from a fake session facade.
vi.mock('@/lib/session', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionFacade>()),
  useSessionUser: () => null,
}));

const current = (location: { history?: string[] }) => location.history?.at(-1);

beforeEach(() => {
  document.body.insertAdjacentHTML('afterbegin', '<div id="loading-bg"></div>');
  return () => document.getElementById('loading-bg')?.remove();
});

describe('AppRouter', () => {
  it('sends / to /login', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/' });
    await waitFor(() => expect(current(location)).toBe('/login'));
  });

  it('sends an unknown path to the 404 page, sets the title and hides the boot overlay', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(current(location)).toBe('/pages/error-404');
    await waitFor(() => expect(document.getElementById('loading-bg')).toHaveClass('is-hidden'));
    expect(document.title).toBe('Error 404 | Service Unit Admin');
  });

  it('redirects the /pages/login alias to /login keeping the query', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/pages/login?to=%2Fuser%2Fdashboard' });
    await waitFor(() => expect(current(location)).toBe('/login?to=%2Fuser%2Fdashboard'));
  });

  it('sends a signed-out visitor of a protected page to login with the wanted path', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/user/dashboard' });
    await waitFor(() => expect(current(location)).toBe('/login?to=%2Fuser%2Fdashboard'));
  });

  it('sends role 4 away from an admin page to not-authorized, with a link to its dashboard', async () => {
    localStorage.setItem('session_key', 'k');
    localStorage.setItem('auth-values', JSON.stringify({ user_default_role_id: 4 }));
    const { location } = renderWithProviders(<AppRouter />, { path: '/admin/manage-users' });
    expect(await screen.findByRole('link', { name: 'Back to my dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(current(location)).toBe('/pages/not-authorized');
  });

  it('clears corrupted storage and treats the visitor as signed out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('session_key', 'k');
    localStorage.setItem('auth-values', '{oops');
    const { location } = renderWithProviders(<AppRouter />, { path: '/admin/dashboard' });
    await waitFor(() => expect(current(location)).toBe('/login?to=%2Fadmin%2Fdashboard'));
    await waitFor(() => expect(localStorage.getItem('auth-values')).toBeNull());
    expect(localStorage.getItem('session_key')).toBeNull();
  });
});
