import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionActor, restartSession } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { LockScreen } from './lock-screen';

const LOCKED: Record<string, string> = {
  session_key: 'key-1',
  accessToken: 'token-1',
  'auth-values': '{"user_default_role_id":4}',
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
  session_locked: 'true',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  for (const [key, value] of Object.entries(LOCKED)) localStorage.setItem(key, value);
  sessionStorage.setItem('session_locked_from', '/user/manage-process?unit=3');
  restartSession({ idleMs: 0 });
});
afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('LockScreen', () => {
  it('shows who is locked out, refuses a wrong password, and returns to the locked page with the right one', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<LockScreen />, { path: '/pages/lock-screen' });
    expect(screen.getByText('Ulysses User')).toBeInTheDocument();
    expect(screen.getByText('UU')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(reply(422, { message: 'Wrong password', errors: { password: 'Wrong password' } }));
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Wrong password'));
    expect(localStorage.getItem('session_locked')).toBe('true');

    // The unlock answer is the server's record of the user: it confirms the restored session.
    fetchMock.mockResolvedValueOnce(reply(200, { ...JSON.parse(LOCKED['userInfo'] ?? '{}'), defaultRoleId: 4, roles: [4] }));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/user/manage-process?unit=3'));
    expect(localStorage.getItem('session_locked')).toBeNull();
    const [, init] = fetchMock.mock.calls[1] ?? [];
    expect((init?.headers as Record<string, string>)['authorization']).toBe('Bearer token-1');
  });

  it('"Not you? Sign out" ends the session', async () => {
    fetchMock.mockResolvedValue(reply(204));
    renderWithProviders(<LockScreen />, { path: '/pages/lock-screen' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not you? Sign out' }));
    await waitFor(() => expect(getSessionActor().getSnapshot().matches('signedOut')).toBe(true));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('session_locked')).toBeNull();
  });
});
