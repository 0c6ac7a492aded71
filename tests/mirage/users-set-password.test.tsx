import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { SetPasswordScreen } from '@/features/users/set-password-page';
import { renderWithProviders } from '../render';
import { signInAs } from './monitoring-helpers';

let server: Server;
beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
});
afterEach(() => server.shutdown());

async function invite(): Promise<string> {
  const admin = await signInAs('admin');
  const { body } = await admin.request<{ link: { token: string } }>('POST', '/api/users', {
    fullName: 'Nina New',
    username: 'nina',
    email: 'nina@acme.example',
    phone: '',
    roleId: 4,
    organizationId: '1',
  });
  return body.link.token;
}

describe('the set-password page', { timeout: 60_000 }, () => {
  it('sets the password through the one-time link, after refusing a mismatch', async () => {
    const token = await invite();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SetPasswordScreen />, { path: `/set-password?token=${token}` });
    expect(await screen.findByText('Welcome, Nina New. Choose a password for the account nina.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'longenough1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'different11');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    // The new password's scrypt hash takes a while on a busy machine.
    expect(await screen.findByText('Your account nina is active. You can sign in now.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?username=nina');
  });

  it('explains a used or unknown link', async () => {
    renderWithProviders(<SetPasswordScreen />, { path: '/set-password?token=deadbeefdeadbeefdeadbeef' });
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeInTheDocument();
  });
});
