import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionHarness, PROVIDER_SESSION, sessionIn } from '@machines/testing/session-harness';
import { installSessionActor, restartSession } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { LOGIN_ERROR_TOAST_MS, LoginForm } from './login-form';

const SIGNED_IN: Record<string, string> = {
  session_key: 'key-1',
  accessToken: 'token-1',
  'auth-values': '{"user_default_role_id":2}',
  userInfo: JSON.stringify({
    uid: '2',
    displayName: 'Adam Manager',
    about: '',
    photoURL: '',
    status: 'online',
    userRole: 'admin',
    email: 'admin@acme.example',
    providerId: 'mirage',
  }),
  tokenExpiry: '1900000000000',
  loggedIn: 'true',
};

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('shows the server message in an error toast for 2.5 s when the pair is wrong', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    restartSession({ idleMs: 0 });
    answer(401, { message: 'Email Or Password Invalid' });
    renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    await submit('admin', 'wrong-password');
    const message = await screen.findByText('Email Or Password Invalid');
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/UserLogin');
    expect(JSON.parse(String(init?.body))).toEqual({ params: { username: 'admin', password: 'wrong-password' } });
    expect((init?.headers as Record<string, string>)['key']).toBeTruthy();
    // 2.5 s later (on a fake clock, plus the exit transition) the toast is gone.
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_ERROR_TOAST_MS + 500));
    expect(message).not.toBeInTheDocument();
  });

  it('after too many failed sign-ins (429) says when to try again, in words and clock time, keeping what was typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 0, 1, 14, 20, 0));
    restartSession({ idleMs: 0 });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Too many sign-in attempts. Try again in 600 seconds.', code: 'tooManyAttempts' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
      }),
    );
    renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    await submit('admin', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed sign-ins');
    expect(alert).toHaveTextContent('Try again in 10 minutes, at 2:30 PM.');
    // No toast that vanishes: the alert stays with the form, and the form keeps what was typed.
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
    // Nine minutes later the wait is one minute; once it is over the alert goes.
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    await userEvent.setup().type(screen.getByLabelText('Username'), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 1 minute, at 2:30 PM.');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when to try again in German too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 0, 1, 14, 20, 0));
    restartSession({ idleMs: 0 });
    answer(429, { message: 'Too many sign-in attempts. Try again in 61 seconds.', code: 'tooManyAttempts' });
    renderWithProviders(<LoginForm demo={false} />, { path: '/login', language: 'de' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Benutzername'), 'admin');
    await user.type(screen.getByLabelText('Passwort'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Zu viele fehlgeschlagene Anmeldeversuche');
    expect(alert).toHaveTextContent('Versuchen Sie es in 2 Minuten erneut, um 14:21.');
  });

  it('warns "Login Attempt: You are already logged in!" without a request when a session exists', async () => {
    for (const [key, value] of Object.entries(SIGNED_IN)) localStorage.setItem(key, value);
    restartSession({ idleMs: 0 });
    renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    await submit('admin', 'demo1234');
    expect(await screen.findByText('Login Attempt')).toBeInTheDocument();
    expect(screen.getByText('You are already logged in!')).toBeInTheDocument();
    // The only request is the restored session's check with the server (GET /api/me), no sign-in.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => !url.includes('/api/me'))).toEqual([]);
  });

  it('signs in and goes to the internal `to` target the role may open', async () => {
    restartSession({ idleMs: 0 });
    answer(200, {
      accessToken: 'abc',
      sessionKey: 'k',
      expiresAt: '2099-01-01T00:00:00.000Z',
      expiresIn: 8000,
      user: JSON.parse(SIGNED_IN['userInfo'] ?? '{}') as unknown,
      defaultRoleId: 2,
      roles: [2],
    });
    const { location } = renderWithProviders(<LoginForm demo={false} />, { path: '/login?to=%2Fapps%2Ftodo' });
    await submit('admin', 'demo1234');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/apps/todo'));
    expect(localStorage.getItem('accessToken')).toBe('abc');
  });

  it('never follows an external `to`: lands on the role dashboard', async () => {
    restartSession({ idleMs: 0 });
    answer(200, {
      accessToken: 'abc',
      sessionKey: 'k',
      expiresAt: '2099-01-01T00:00:00.000Z',
      expiresIn: 8000,
      user: JSON.parse(SIGNED_IN['userInfo'] ?? '{}') as unknown,
      defaultRoleId: 2,
      roles: [2],
    });
    const { location } = renderWithProviders(<LoginForm demo={false} />, { path: `/login?to=${encodeURIComponent('//evil.example/x')}` });
    await submit('admin', 'demo1234');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/dashboard'));
  });

  it('links to the forgotten-password screen at the address the specification names', () => {
    restartSession({ idleMs: 0 });
    renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget-password');
  });

  it('fills the form from the demo account list', async () => {
    restartSession({ idleMs: 0 });
    renderWithProviders(<LoginForm demo />, { path: '/login' });
    // Named by what it shows (label in name), described by what it does.
    const operator = screen.getByRole('button', { name: 'operator Operator' });
    expect(operator).toHaveAccessibleDescription(/Click an account to fill in the form/);
    await userEvent.setup().click(operator);
    expect(screen.getByLabelText('Username')).toHaveValue('operator');
    expect(screen.getByLabelText('Password')).toHaveValue('demo1234');
  });

  it('after a sign-out says so; while the browser leaves for the provider’s end-session page, says that', async () => {
    const backend = await sessionIn('signedIn');
    installSessionActor(backend.actor);
    const first = renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    act(() => backend.actor.send({ type: 'session.logout' }));
    backend.fakes.logout.last().resolve(null);
    expect(await screen.findByRole('status')).toHaveTextContent('You are signed out.');
    first.unmount();

    // A provider sign-in (/callback) the server confirmed.
    const provider = createSessionHarness();
    const fromProvider = { ...PROVIDER_SESSION, idTokenExpiry: Date.now() + 3_600_000 };
    provider.actor.send({ type: 'session.provider.signedIn', session: fromProvider });
    provider.fakes.fetchMe.last().resolve({ user: fromProvider.user, defaultRoleId: 2, roles: [2] });
    await provider.settle();
    installSessionActor(provider.actor);
    renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    act(() => provider.actor.send({ type: 'session.logout' }));
    provider.fakes.logout.last().resolve(null);
    expect(await screen.findByRole('status')).toHaveTextContent('Signing you out at your organization…');
    // The end-session page cannot be reached: signed out here, and told the provider's sign-in may live on.
    provider.fakes.endProviderSession.last().reject(new Error('No end session endpoint'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('could not be ended (No end session endpoint)'));
    provider.stop();
    backend.stop();
  });

  it('back from the provider’s end-session page: says the organization’s sign-in ended too (German as well)', () => {
    const session = createSessionHarness({ signedOutAtProvider: true });
    installSessionActor(session.actor);
    const { unmount } = renderWithProviders(<LoginForm demo={false} />, { path: '/login' });
    expect(screen.getByRole('status')).toHaveTextContent("You are signed out, at your organization's sign-in too.");
    unmount();
    renderWithProviders(<LoginForm demo={false} />, { path: '/login', language: 'de' });
    expect(screen.getByRole('status')).toHaveTextContent('Sie sind abgemeldet, auch bei der Anmeldung Ihrer Organisation.');
    session.stop();
  });
});
