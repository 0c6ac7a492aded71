import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompletedSignIn } from '@machines/session/identity-callback.machine';
import { createSessionHarness, PROVIDER_SESSION } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { resetSessionActor } from '@/lib/session/service';
import { renderWithProviders } from '../../../../tests/render';
import { IdentityCallback, type CallbackClient } from './identity-callback';

const complete = { fn: vi.fn<(url: string) => Promise<CompletedSignIn>>() };
const forget = { fn: vi.fn() };
/** The identity provider's client, answering as each test says. */
const CLIENT: CallbackClient = {
  completeSignIn: (_settings, url) => complete.fn(url),
  forgetPendingRequests: () => forget.fn(),
};

const SETTINGS = { authority: 'https://id.example', clientId: 'spa', scope: 'openid' };

/** oidc-client-ts's ErrorResponse: the provider's `error` code beside the description. */
const providerError = (code: string, description: string) => Object.assign(new Error(description), { name: 'ErrorResponse', error: code });

afterEach(() => {
  complete.fn.mockReset();
  forget.fn.mockReset();
  resetSessionActor();
});

describe('IdentityCallback', () => {
  it('hands the session to the session machine and, once the server confirmed the role, opens the page wanted', async () => {
    const session = createSessionHarness();
    installSessionActor(session.actor);
    complete.fn.mockResolvedValue({
      session: { ...PROVIDER_SESSION, idTokenExpiry: Date.now() + 3_600_000 },
      returnTo: '/admin/manage-users',
    });
    const { location } = renderWithProviders(<IdentityCallback settings={SETTINGS} client={CLIENT} />, {
      path: '/callback?code=c&state=s1',
    });

    // Still on the callback (a loader) while the server is asked who this is.
    await waitFor(() => expect(session.fakes.fetchMe.calls).toHaveLength(1));
    expect(screen.getByLabelText('Completing the sign-in')).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/callback?code=c&state=s1');
    // An account linked to an admin here: the admin page wanted opens.
    session.fakes.fetchMe.last().resolve({ user: PROVIDER_SESSION.user, defaultRoleId: 2, roles: [2] });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/manage-users'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a cancel at the provider: an alert with the error name and the console hint, the error in the console', async () => {
    const error = providerError('access_denied', 'End-User aborted interaction');
    complete.fn.mockRejectedValue(error);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<IdentityCallback settings={SETTINGS} client={CLIENT} />, { path: '/callback?error=access_denied&state=s1' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('access_denied');
    expect(alert).toHaveTextContent('Detailed error can be found in console.');
    expect(consoleError).toHaveBeenCalledWith('Identity provider sign-in failed:', error);
    expect(forget.fn).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    consoleError.mockRestore();
  });

  it('a state that matches no stored request is named state_mismatch and the pending requests are forgotten', async () => {
    complete.fn.mockRejectedValue(new Error('No matching state found in storage'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<IdentityCallback settings={SETTINGS} client={CLIENT} />, { path: '/callback?code=c&state=tampered' });

    expect(await screen.findByRole('alert')).toHaveTextContent('state_mismatch');
    await waitFor(() => expect(forget.fn).toHaveBeenCalledTimes(1));
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });

  it('shows the hint in the visitor’s language', async () => {
    complete.fn.mockRejectedValue(providerError('login_required', 'End-User authentication is required'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<IdentityCallback settings={SETTINGS} client={CLIENT} />, { language: 'de' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('login_required');
    expect(alert).toHaveTextContent('Der ausführliche Fehler steht in der Konsole.');
    consoleError.mockRestore();
  });
});
