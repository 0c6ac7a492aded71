import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from '@mirage/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIn } from '@machines/testing/session-harness';
import { makeServer, type Server } from '@mirage/server';
import { OrganizationsScreen } from '@/features/organizations/organizations-page';
import { installSessionActor } from '@/lib/session';
import { renderAt } from '../render';
import { fill } from '../support/fill';
import { signInAs } from './monitoring-helpers';
import { checkOverlappingUndo } from './overlapping-undo';

let server: Server;

/** An organization without users or units: the only kind that may be deleted. */
const emptyOrg = (name: string, code: string) => ({
  name,
  code,
  contactEmail: `it@${code}.example`,
  phone: '+1 555 0300',
  address: 'Los Angeles',
  timezone: 'America/Los_Angeles',
  seatLimit: 10,
  screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
});

beforeEach(async () => {
  // The screen reads the role from the session; the session machine itself is tested elsewhere.
  installSessionActor(
    (await sessionIn('signedIn', { role: 1, user: { uid: '1', displayName: 'Sam Super', email: 'superadmin@acme.example' } })).actor,
  );
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  const session = await signInAs('superadmin');
  for (const org of [emptyOrg('Aardvark Labs', 'aardvark'), emptyOrg('Abacus Works', 'abacus')])
    await session.request('POST', '/api/organizations', org);
  localStorage.setItem('accessToken', session.token);
});
afterEach(() => {
  // Unmounted first: the screen follows the address bar.
  cleanup();
  server.shutdown();
  window.history.replaceState(null, '', '/');
});

describe('Organization Management', { timeout: 60_000 }, () => {
  it('delete A, then B, then Undo in A’s notification: B stays pending (its own Undo brings it back), A is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<OrganizationsScreen />, '/admin/organizations');
    await screen.findByRole('button', { name: 'More actions for Abacus Works' });
    await checkOverlappingUndo(user, {
      a: 'Aardvark Labs',
      b: 'Abacus Works',
      askDelete: async (name) => {
        await user.click(screen.getByRole('button', { name: `More actions for ${name}` }));
        await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      },
      rowShown: (name) => screen.queryByRole('button', { name: `More actions for ${name}` }) !== null,
    });
  });

  it('Suspend asks for a reason first (Cancel changes nothing); the confirmed answer suspends with it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<OrganizationsScreen />, '/admin/organizations');
    const ask = async () => {
      await user.click(await screen.findByRole('button', { name: 'More actions for Aardvark Labs' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
      return screen.findByRole('dialog', { name: 'Suspend Aardvark Labs?' });
    };
    await user.click(within(await ask()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend Aardvark Labs?' })).not.toBeInTheDocument());

    const dialog = await ask();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Invoice overdue');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Aardvark Labs is suspended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend Aardvark Labs?' })).not.toBeInTheDocument());
  });

  it('a bulk suspension leaves an organization changed by someone else meanwhile as it is, says so, and keeps it selected', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<OrganizationsScreen />, '/admin/organizations');
    const aardvark = await screen.findByRole('checkbox', { name: 'Select Aardvark Labs' });
    // Clicked without a pointer: one passing over the table's scroll area would leave a hover timer running after the test.
    fireEvent.click(aardvark);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Abacus Works' }));
    // Meanwhile another administrator changes Aardvark Labs, through the API.
    const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` };
    // The screen follows the live events this change sends: it runs inside act.
    const id = await act(async () => {
      const listed = (await (await fetch('/api/organizations?search=Aardvark', { headers: auth })).json()) as { items: { id: string }[] };
      const found = listed.items[0]?.id ?? '';
      const other = await fetch(`/api/organizations/${found}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ ...emptyOrg('Aardvark Labs', 'aardvark'), seatLimit: 12 }),
      });
      expect(other.status).toBe(200);
      return found;
    });

    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend 2 organizations?' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Contract ended');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('1 organization changed (0 skipped).')).toBeInTheDocument();
    expect(
      screen.getByText('1 changed by someone else meanwhile, so it was left as it was. It stays selected and shows how it is now.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Aardvark Labs' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Select Abacus Works' })).not.toBeChecked();
    // Read inside act: the list's reload after the job may answer meanwhile.
    const stored = await act(
      async () => (await (await fetch(`/api/organizations/${id}`, { headers: auth })).json()) as { status: string; seatLimit: number },
    );
    expect(stored).toMatchObject({ status: 'active', seatLimit: 12 });
  });

  it('a suspension that fails keeps the dialog open with the reason typed and the error shown', async () => {
    const user = userEvent.setup({ delay: null });
    server.post('/api/organizations/:id/suspend', () => new Response(503, {}, { message: 'Down for maintenance' }));
    renderAt(<OrganizationsScreen />, '/admin/organizations');
    await user.click(await screen.findByRole('button', { name: 'More actions for Aardvark Labs' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Aardvark Labs?' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Invoice overdue');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The status could not be changed.');
    expect(screen.getByRole('dialog', { name: 'Suspend Aardvark Labs?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveValue('Invoice overdue');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend Aardvark Labs?' })).not.toBeInTheDocument());
  });
});
