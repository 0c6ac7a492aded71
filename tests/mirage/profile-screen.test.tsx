import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from '@mirage/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import MyProfilePage from '@/features/profile/my-profile-page';
import { renderWithProviders } from '../render';
import { fill } from '../support/fill';
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
    await fill(user, name, 'Ulysses U.');
    await fill(user, within(form).getByRole('textbox', { name: /^About/ }), 'Night shift lead');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(server.db['users']?.findBy({ username: 'user' })).toMatchObject({ displayName: 'Ulysses U.', about: 'Night shift lead' });
  });

  it('a save after a change made elsewhere shows both values, keeps what was typed, and keeping mine saves it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    const about = within(form).getByRole('textbox', { name: /^About/ });
    await fill(user, about, 'Mine');
    // Meanwhile the same person saves another text in a second tab (no If-Match: that tab read nothing older).
    const other = await fetch('/api/me/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      body: JSON.stringify({ displayName: 'Ulysses User', about: 'Theirs', phoneNumber: '+1 555 0100', photoURL: '' }),
    });
    expect(other.status).toBe(200);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const conflict = await within(form).findByRole('alert', { name: /^Changed by Ulysses User at .+ while you were editing$/ });
    const table = within(conflict).getByRole('table', { name: 'Their values and yours' });
    expect(within(table).getByRole('row', { name: 'About Theirs Mine' })).toBeInTheDocument();
    expect(about).toHaveValue('Mine');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.queryByText('Your profile was not saved')).not.toBeInTheDocument();

    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(server.db['users']?.findBy({ username: 'user' })).toMatchObject({ about: 'Mine' });
  });

  it('take theirs puts the other values in the form, and nothing is left to save', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MyProfilePage />, { path: '/user/my-profile' });
    const form = await details();
    const about = within(form).getByRole('textbox', { name: /^About/ });
    await fill(user, about, 'Mine');
    await fetch('/api/me/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      body: JSON.stringify({ displayName: 'Ulysses User', about: 'Theirs', phoneNumber: '+1 555 0100', photoURL: '' }),
    });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const conflict = await within(form).findByRole('alert', { name: /while you were editing$/ });
    await user.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    expect(about).toHaveValue('Theirs');
    expect(within(form).getByRole('button', { name: 'Undo changes' })).toBeDisabled();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
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
    await fill(user, about, 'Typed before the failure');
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
    await fill(user, within(form).getByLabelText(/^Current password/), 'demo1234');
    await fill(user, within(form).getByLabelText(/^New password/), 'new-secret-1');
    await fill(user, within(form).getByLabelText(/^Confirm new password/), 'new-secret-2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText("Password doesn't match. Please try again.")).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Confirm new password/));
    await fill(user, within(form).getByLabelText(/^Confirm new password/), 'new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    // Two scrypt runs in the embedded backend (check the current password, hash the new one): over a second when the
    // suites run side by side, so the toast is waited for longer than findBy's default.
    expect(await screen.findByText('Your password was changed.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });
});
