import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIn } from '@machines/testing/session-harness';
import { makeServer, type Server } from '@mirage/server';
import { UsersScreen } from '@/features/users/users-page';
import { installSessionActor } from '@/lib/session';
import { renderAt } from '../render';
import { signInAs } from './monitoring-helpers';
import { checkOverlappingUndo } from './overlapping-undo';

let server: Server;

beforeEach(async () => {
  // The screen reads the role from the session; the session machine itself is tested elsewhere.
  installSessionActor(
    (await sessionIn('signedIn', { role: 2, user: { uid: '2', displayName: 'Ada Admin', email: 'admin@acme.example' } })).actor,
  );
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  localStorage.setItem('accessToken', (await signInAs('admin')).token);
});
afterEach(() => {
  // Unmounted first: the screen follows the address bar.
  cleanup();
  server.shutdown();
  window.history.replaceState(null, '', '/');
});

const MORE = /^More actions for /;

describe('User Management', { timeout: 60_000 }, () => {
  it('delete A, then B, then Undo in A’s notification: B stays pending (its own Undo brings it back), A is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UsersScreen />, '/admin/users?role=4');
    const table = await screen.findByRole('table');
    const more = await within(table).findAllByRole('button', { name: MORE });
    const [a, b] = more.map((button) => (button.getAttribute('aria-label') ?? '').replace(MORE, ''));
    if (!a || !b) throw new Error('fewer than two users');
    await checkOverlappingUndo(user, {
      a,
      b,
      // The first pointer over a row mounts its menu: hover, then open it and choose Delete.
      askDelete: async (name) => {
        await user.hover(screen.getByRole('button', { name: `More actions for ${name}` }));
        await user.click(screen.getByRole('button', { name: `More actions for ${name}` }));
        await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      },
      rowShown: (name) => screen.queryByRole('button', { name: `More actions for ${name}` }) !== null,
    });
  });

  it('a role changed elsewhere while the form is open is shown by name beside the form’s, and nothing typed is lost', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UsersScreen />, '/admin/users?role=4&status=active');
    const table = await screen.findByRole('table');
    const [edit] = await within(table).findAllByRole('button', { name: /^Edit / });
    const name = (edit?.getAttribute('aria-label') ?? '').replace(/^Edit /, '');
    const account = (server.db['users']?.where({ fullName: name }) as { id: string }[])[0];
    if (!edit || !account) throw new Error('no user to edit');
    // The first pointer over a row mounts its actions.
    await user.hover(edit);
    await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+49 30 1234567');
    // Meanwhile another admin makes the account a system operator.
    const current = await (
      await fetch(`/api/users/${account.id}`, { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } })
    ).json();
    const other = await fetch(`/api/users/${account.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      body: JSON.stringify({ ...current, roleId: 3 }),
    });
    expect(other.status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByRole('table', { name: 'Their values and yours' });
    expect(within(conflict).getByRole('row', { name: 'Role System operator User' })).toBeInTheDocument();
    expect(phone).toHaveValue('+49 30 1234567');
  });

  it('Disable asks first (Cancel changes nothing), and the confirmed answer disables the account', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UsersScreen />, '/admin/users?role=4&status=active');
    const table = await screen.findByRole('table');
    const [more] = await within(table).findAllByRole('button', { name: MORE });
    const name = (more?.getAttribute('aria-label') ?? '').replace(MORE, '');
    const openMenu = async () => {
      await user.hover(screen.getByRole('button', { name: `More actions for ${name}` }));
      await user.click(screen.getByRole('button', { name: `More actions for ${name}` }));
      await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
      return screen.findByRole('dialog', { name: `Disable ${name}?` });
    };
    await user.click(within(await openMenu()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Disable ${name}?` })).not.toBeInTheDocument());
    expect(screen.queryByText('The account is disabled.')).not.toBeInTheDocument();

    await user.click(within(await openMenu()).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The account is disabled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Disable ${name}?` })).not.toBeInTheDocument());
  });

  it('the invite form offers only active organizations (none that is suspended or archived)', async () => {
    installSessionActor(
      (await sessionIn('signedIn', { role: 1, user: { uid: '1', displayName: 'Sam Super', email: 'superadmin@acme.example' } })).actor,
    );
    localStorage.setItem('accessToken', (await signInAs('superadmin')).token);
    const user = userEvent.setup({ delay: null });
    renderAt(<UsersScreen />, '/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Organization/ }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toContain('Initech Services (INITECH)');
    expect(offered).not.toContain('Umbrella Health (UMBRELLA)');
    expect(offered).not.toContain('Wayne Enterprises (WAYNE)');
  });
});
