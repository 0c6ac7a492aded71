import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { ApiError } from '@/lib/api-client';
import { renderAt } from '../render';
import { fill } from '../support/fill';
import { signInAs } from './monitoring-helpers';
import { checkOverlappingUndo } from './overlapping-undo';
import { apiServices } from '@/features/service-units/hooks/use-service-units';
import { ServiceUnitsScreen } from '@/features/service-units/service-units-page';

let server: Server;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  localStorage.setItem('accessToken', (await signInAs('user')).token);
});
afterEach(() => {
  // Unmounted first: the screen follows the address bar.
  cleanup();
  server.shutdown();
  window.history.replaceState(null, '', '/');
});

async function openCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'New unit' }));
  return screen.findByRole('dialog', { name: 'New service unit' });
}

describe('Service Unit Management', { timeout: 60_000 }, () => {
  it('lists the organization’s units with status, and opens a page of the list from the URL', async () => {
    renderAt(
      <ServiceUnitsScreen />,
      '/user/manage-service-units?page=2&pageSize=10&sort=name&order=desc&status=online&status=offline&status=maintenance',
    );
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.getByText(/^11–20 of \d+/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
  });

  it('create: a validation error first, then success', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const dialog = await openCreateForm(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Hostname/ }), 'not a host!');
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    // The description holds the error and the character counter ("0 / 80").
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/^This field is required\. 0 \/ 80$/),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Hostname/ })).toHaveAccessibleDescription(/Enter a valid host name/);

    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lisbon Kiosk 01');
    const hostname = within(dialog).getByRole('textbox', { name: /^Hostname/ });
    await user.clear(hostname);
    await fill(user, hostname, 'lis-kiosk-01.acme.example');
    await user.click(within(dialog).getByRole('combobox', { name: /^Operating system/ }));
    await user.click(await screen.findByRole('option', { name: 'Linux' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));

    // Validation, the save and its toast: more than findBy's default second on a loaded machine.
    expect(await screen.findByText('“Lisbon Kiosk 01” was created', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New service unit' })).not.toBeInTheDocument());
  });

  it('shows the server’s field error (duplicate name) on the field and keeps the values', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const table = await screen.findByRole('table');
    const existing = await within(table).findAllByRole('button', { name: /Hamburg|Berlin|Lyon|Milan|Porto|Rotterdam|Gdańsk/ });
    const existingName = existing[0]?.textContent ?? '';
    const dialog = await openCreateForm(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), existingName);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Hostname/ }), 'dup-01.acme.example');
    await user.click(within(dialog).getByRole('combobox', { name: /^Operating system/ }));
    await user.click(await screen.findByRole('option', { name: 'Windows' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    expect(await within(dialog).findByText('Another unit of your organization already has this name.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue(existingName);
    expect(within(dialog).getByRole('textbox', { name: /^Hostname/ })).toHaveValue('dup-01.acme.example');
  });

  it('a failed save keeps what was typed, and saving again works', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const services = {
      ...apiServices,
      save: (input: Parameters<typeof apiServices.save>[0]) => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new ApiError('Network error', 0, undefined)) : apiServices.save(input);
      },
    };
    renderAt(<ServiceUnitsScreen services={services} />, '/user/manage-service-units');
    const dialog = await openCreateForm(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Porto Gate 9');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Hostname/ }), 'opo-gate-09');
    await user.click(within(dialog).getByRole('combobox', { name: /^Operating system/ }));
    await user.click(await screen.findByRole('option', { name: 'macOS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Saving failed');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Porto Gate 9');
    expect(within(dialog).getByRole('textbox', { name: /^Hostname/ })).toHaveValue('opo-gate-09');
    expect(within(dialog).getByRole('combobox', { name: /^Operating system/ })).toHaveValue('macOS');
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    // Save and toast take more than findBy's default second while suites run side by side (as in the create test).
    expect(await screen.findByText('“Porto Gate 9” was created', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('closing a form with changes asks first', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const dialog = await openCreateForm(user);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Half done');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Half done');
  });

  it('a deep link to another organization’s unit says "not found"', async () => {
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units?unit=999999');
    expect(await screen.findByText('Service unit not found')).toBeInTheDocument();
    expect(screen.getByText(/There is no service unit with the id “999999”/)).toBeInTheDocument();
  });

  it('a page change and an opened unit are history entries: back closes the unit, then returns to the first page', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units?pageSize=10');
    const table = await screen.findByRole('table', { name: 'Service units' });
    const firstName = () =>
      within(table)
        .getAllByRole('button')
        .find((b) => b.getAttribute('title') !== null);
    await waitFor(() => expect(screen.getByText(/^1–10 of \d+/)).toBeInTheDocument());
    await waitFor(() => expect(firstName()).toBeDefined());
    const pageOneName = firstName()?.getAttribute('title');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // A page's rows come from the embedded backend: under a loaded machine, more than waitFor's default second.
    await waitFor(() => expect(firstName()?.getAttribute('title')).not.toBe(pageOneName), { timeout: 5000 });
    expect(screen.getByText(/^11–20 of \d+/)).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');

    const name = firstName();
    if (!name) throw new Error('no unit name button');
    await user.click(name);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findAllByText(name.getAttribute('title') ?? '')).not.toHaveLength(0);
    expect(new URLSearchParams(window.location.search).get('unit')).not.toBeNull();

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(screen.getByText(/^11–20 of \d+/)).toBeInTheDocument();

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?pageSize=10'));
    await waitFor(() => expect(firstName()?.getAttribute('title')).toBe(pageOneName), { timeout: 5000 });
    expect(screen.getByText(/^1–10 of \d+/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('data-active', 'true');
  });

  it('rows picked one after the other stay selected, and the bulk action bar counts them', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const table = await screen.findByRole('table', { name: 'Service units' });
    await waitFor(() => expect(within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ }).length).toBeGreaterThan(2));
    const [first, second] = within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ });
    if (!first || !second) throw new Error('no row checkboxes');
    await user.click(first);
    await user.click(second);
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    expect(screen.getByRole('button', { name: 'Set maintenance' })).toBeEnabled();
  });

  it('a bulk action leaves a unit changed by someone else meanwhile as it is, says so, and keeps it selected', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const table = await screen.findByRole('table', { name: 'Service units' });
    await waitFor(() => expect(within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ }).length).toBeGreaterThan(2));
    const [first, second] = within(table).getAllByRole('checkbox', { name: /^Select (?!all)/ });
    if (!first || !second) throw new Error('no row checkboxes');
    // Clicked without a pointer: one passing over the table's scroll area would leave a hover timer running after the test.
    fireEvent.click(first);
    fireEvent.click(second);
    // Meanwhile another person edits the first unit, through the API.
    const name = (first.getAttribute('aria-label') ?? '').replace(/^Select /, '');
    const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` };
    const found = (await (await fetch(`/api/service-units?search=${encodeURIComponent(name)}`, { headers: auth })).json()) as {
      items: {
        id: string;
        name: string;
        hostname: string;
        ipAddress: string;
        operatingSystem: string;
        location: string;
        description: string;
        tags: string[];
        maintenance: boolean;
        screenshotIntervalMinutes: number;
      }[];
    };
    const unit = found.items.find((u) => u.name === name);
    if (!unit) throw new Error(`no unit ${name}`);
    const { id, ...input } = unit;
    const other = await fetch(`/api/service-units/${id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({
        name: input.name,
        hostname: input.hostname,
        ipAddress: input.ipAddress,
        operatingSystem: input.operatingSystem,
        location: input.location,
        description: 'Changed by someone else',
        tags: input.tags,
        maintenance: input.maintenance,
        screenshotIntervalMinutes: input.screenshotIntervalMinutes,
      }),
    });
    expect(other.status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Set maintenance' }));
    const report = await screen.findByRole('status', { name: 'Not every selected row was changed' }, { timeout: 10_000 });
    expect(report).toHaveTextContent('1 changed by someone else meanwhile, so it was left as it was.');
    expect(await screen.findByText('1 unit set to maintenance')).toBeInTheDocument();
    // The unit changed meanwhile stays selected (the other one was done); closing the report keeps it so.
    await waitFor(() => expect(screen.getByText('1 selected')).toBeInTheDocument());
    expect(within(table).getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    const stored = (await (await fetch(`/api/service-units/${id}`, { headers: auth })).json()) as {
      maintenance: boolean;
      description: string;
    };
    expect(stored).toMatchObject({ maintenance: input.maintenance, description: 'Changed by someone else' });
    await user.click(within(report).getByRole('button', { name: 'Close the report' }));
    expect(screen.queryByRole('status', { name: 'Not every selected row was changed' })).not.toBeInTheDocument();
  });

  it('delete A, then B, then Undo in A’s notification: B stays pending (its own Undo brings it back), A is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<ServiceUnitsScreen />, '/user/manage-service-units');
    const table = await screen.findByRole('table');
    const deletes = await within(table).findAllByRole('button', { name: /^Delete / });
    const [a, b] = deletes.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Delete /, ''));
    if (!a || !b) throw new Error('fewer than two units');
    await checkOverlappingUndo(user, {
      a,
      b,
      // The first pointer over a row mounts its tooltips (a new button): hover, then click the one shown.
      askDelete: async (name) => {
        await user.hover(screen.getByRole('button', { name: `Delete ${name}` }));
        await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      },
      rowShown: (name) => screen.queryByRole('button', { name: `Delete ${name}` }) !== null,
    });
  });
});
