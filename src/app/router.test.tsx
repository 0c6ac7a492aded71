import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekSessionActor, restartSession } from '@/lib/session';
import { resetSessionActor } from '@/lib/session/service';
import { renderWithProviders } from '../../tests/render';
import { AppRouter } from './router';

// The real session machine runs here (GET /api/me through a stubbed fetch): the guard reads only it.
const current = (location: { history?: string[] }) => location.history?.at(-1);

/** A complete stored session of the demo `user` account (role 4), with `auth-values` as given. */
function storeSession(role: number) {
  const values: Record<string, string> = {
    session_key: 'key-1',
    accessToken: 'token-1',
    'auth-values': JSON.stringify({ user_default_role_id: role }),
    userInfo: JSON.stringify({
      uid: '4',
      displayName: 'Ulysses User',
      about: '',
      photoURL: '',
      status: 'online',
      userRole: 'user',
      email: 'user@acme.example',
      providerId: 'mirage',
    }),
    tokenExpiry: '1900000000000',
    loggedIn: 'true',
  };
  for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
}

/** What the server says about the `user` account: role 4, whatever storage claims. */
const ME = {
  uid: '4',
  displayName: 'Ulysses User',
  about: '',
  photoURL: '',
  status: 'online',
  userRole: 'user',
  email: 'user@acme.example',
  providerId: 'mirage',
  organization: { id: '1', name: 'Acme Logistics' },
  defaultRoleId: 4,
  roles: [4],
};

const fetchMock = vi.fn<typeof fetch>();
let answerMe: (() => void) | null = null;

beforeEach(() => {
  fetchMock.mockReset();
  // GET /api/me answers when the test says so (answerMe), so the waiting state can be seen.
  fetchMock.mockImplementation(
    () =>
      new Promise<Response>((resolve) => {
        answerMe = () => resolve(new Response(JSON.stringify(ME), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  restartSession({ idleMs: 0 });
  document.body.insertAdjacentHTML('afterbegin', '<div id="loading-bg"></div>');
  return () => document.getElementById('loading-bg')?.remove();
});
afterEach(() => {
  // Unmounted first: the router follows a restarted session (src/lib/session/current.ts), outside act() here.
  cleanup();
  restartSession({ idleMs: 0 });
  vi.unstubAllGlobals();
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

  it('sends the old /forgot-password address to /forget-password, the forgotten-password screen', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/forgot-password' });
    await waitFor(() => expect(current(location)).toBe('/forget-password'));
    expect(await screen.findByRole('textbox', { name: /email/i })).toBeInTheDocument();
  });

  it('starts the session for the lock screen from its page’s loader: no component starts it', async () => {
    storeSession(4);
    localStorage.setItem('session_locked', 'true');
    resetSessionActor();
    expect(peekSessionActor()).toBeNull();
    renderWithProviders(<AppRouter />, { path: '/pages/lock-screen' });
    expect(await screen.findByText('Ulysses User')).toBeInTheDocument();
    expect(
      peekSessionActor()
        ?.getSnapshot()
        .matches({ signedIn: { access: 'locked' } }),
    ).toBe(true);
  });

  it('sends a signed-out visitor of a protected page to login with the wanted path', async () => {
    const { location } = renderWithProviders(<AppRouter />, { path: '/user/dashboard' });
    await waitFor(() => expect(current(location)).toBe('/login?to=%2Fuser%2Fdashboard'));
  });

  it('sends role 4 away from an admin page to not-authorized, with a link to its dashboard', async () => {
    storeSession(4);
    restartSession({ idleMs: 0 });
    const { location } = renderWithProviders(<AppRouter />, { path: '/admin/manage-users' });
    // The session's HTTP calls load on first use (src/lib/session/service.ts): the request follows shortly.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answerMe?.();
    expect(await screen.findByRole('link', { name: 'Back to my dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(current(location)).toBe('/pages/not-authorized');
  });

  it('a tampered stored role (1 on a role-4 session) waits for the server, then is refused the admin page', async () => {
    storeSession(1);
    restartSession({ idleMs: 0 });
    const { location } = renderWithProviders(<AppRouter />, { path: '/admin/dashboard' });
    // While the server confirms: a neutral spinner, no menu, no page, no redirect on the claimed role.
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(current(location)).toBe('/admin/dashboard');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/me');
    answerMe?.();
    await waitFor(() => expect(current(location)).toBe('/pages/not-authorized'));
    expect(JSON.parse(localStorage.getItem('auth-values') ?? '{}')).toEqual({ user_default_role_id: 4 });
  });

  it('clears corrupted storage and treats the visitor as signed out', async () => {
    localStorage.setItem('session_key', 'k');
    localStorage.setItem('auth-values', '{oops');
    restartSession({ idleMs: 0 });
    const { location } = renderWithProviders(<AppRouter />, { path: '/admin/dashboard' });
    await waitFor(() => expect(current(location)).toBe('/login?to=%2Fadmin%2Fdashboard'));
    await waitFor(() => expect(localStorage.getItem('auth-values')).toBeNull());
    expect(localStorage.getItem('session_key')).toBeNull();
  });
});
