import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installSessionActor } from '@/lib/session';
import { sessionIn } from '@machines/testing/session-harness';
import { renderWithProviders } from '../../../tests/render';
import ComingSoonPage from './coming-soon-page';
import Error404Page from './error-404-page';
import Error500Page from './error-500-page';
import MaintenancePage from './maintenance-page';
import NotAuthorizedPage from './not-authorized-page';

describe('public status pages', () => {
  it.each([
    ['404', Error404Page, 'Page not found'],
    ['500', Error500Page, 'Internal server error'],
    ['maintenance', MaintenancePage, 'Under maintenance'],
    ['coming soon', ComingSoonPage, 'Coming soon'],
  ])('%s shows a heading, a text and a button home', async (_name, Page, heading) => {
    const { location } = renderWithProviders(<Page />, { path: '/pages/x' });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(location.history?.at(-1)).toBe('/');
  });

  it('is translated', () => {
    renderWithProviders(<Error404Page />, { language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toBeInTheDocument();
  });
});

describe('not authorized page', () => {
  it('offers sign-in to a signed-out visitor', () => {
    renderWithProviders(<NotAuthorizedPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'You are not authorized' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [4, '/user/dashboard'],
    [2, '/admin/dashboard'],
  ] as const)('links role %d to its own dashboard', async (role, dashboard) => {
    // The role the session machine confirmed, never one written in storage.
    const session = await sessionIn('signedIn', { role });
    installSessionActor(session.actor);
    renderWithProviders(<NotAuthorizedPage />);
    expect(screen.getByRole('link', { name: 'Back to my dashboard' })).toHaveAttribute('href', dashboard);
    session.stop();
  });
});
