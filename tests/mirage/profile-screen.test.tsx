import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response, type Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer } from '@mirage/server';
import MyProfilePage from '@/features/profile/my-profile-page';
import { renderWithProviders } from '../render';
import { signInAs } from './monitoring-helpers';

let server: Server;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  localStorage.setItem('accessToken', (await signInAs('user')).token);
});
afterEach(() => server.shutdown());

const details = () => screen.findByRole('region', { name: 'Personal details' }, { timeout: 15_000 });

describe('My profile', { timeout: 60_000 }, () => {
  it('shows the account and saves a new name and about text', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    expect(within(form).getByText('user@acme.example')).toBeInTheDocument();
    expect(within(form).getByText('Acme Logistics')).toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: /^Display name/ });
    expect(name).toHaveValue('Ulysses User');
    expect(name).toHaveAccessibleDescription('12 / 80');
    await user.clear(name);
    await user.type(name, 'Ulysses U.');
    await user.type(within(form).getByRole('textbox', { name: /^About/ }), 'Night shift lead');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(server.db['users']?.findBy({ username: 'user' })).toMatchObject({ displayName: 'Ulysses U.', about: 'Night shift lead' });
  });

  it('says which field is wrong before sending, and never cuts what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    const name = within(form).getByRole('textbox', { name: /^Display name/ });
    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(90));
    expect(name).toHaveValue('x'.repeat(90));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Display name may have at most 80 characters/));
  });

  it('keeps the form and shows the error toast when the server fails', async () => {
    const user = userEvent.setup({ delay: null });
    server.put('/api/me/profile', () => new Response(503, {}, { message: 'Down for maintenance' }));
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    const about = within(form).getByRole('textbox', { name: /^About/ });
    await user.type(about, 'Typed before the failure');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was not saved')).toBeInTheDocument();
    expect(about).toHaveValue('Typed before the failure');
  });

  it('refuses a file that is not a picture', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This file is not a picture.');
  });

  it('changes the password, and shows the mismatch message of the spec', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await screen.findByRole('region', { name: 'Change password' }, { timeout: 15_000 });
    await user.type(within(form).getByLabelText(/^Current password/), 'demo1234');
    await user.type(within(form).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'new-secret-2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText("Password doesn't match. Please try again.")).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Confirm new password/));
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });
});
