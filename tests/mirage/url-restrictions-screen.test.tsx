import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { apiRuleServices } from '@/features/url-restrictions/hooks/use-url-restrictions';
import { UrlRestrictionsScreen } from '@/features/url-restrictions/url-restrictions-page';
import { ApiError } from '@/lib/api-client';
import { renderAt } from '../render';
import { fill } from '../support/fill';
import { signInAs } from './monitoring-helpers';
import { checkOverlappingUndo } from './overlapping-undo';

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

/** The action column's words of the table's rows (the header row left out). */
function rowActions(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map(
      (row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent ?? '')
          .find((text) => text === 'Block' || text === 'Allow') ?? '',
    );
}

async function openCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'URL rules' });
  await user.click(screen.getByRole('button', { name: 'New rule' }));
  return screen.findByRole('dialog', { name: 'New URL rule' });
}

async function chooseMatchType(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Match type/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Url Restrictions', { timeout: 60_000 }, () => {
  it('create: an invalid regex is refused on the field, then a valid one is saved', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UrlRestrictionsScreen />, '/user/url-restrictions');
    const dialog = await openCreateForm(user);
    await chooseMatchType(user, dialog, 'Regular expression');
    const pattern = within(dialog).getByRole('textbox', { name: /^Pattern/ });
    await fill(user, pattern, '(unclosed');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(pattern).toHaveAccessibleDescription(/This regular expression does not compile/));
    await user.clear(pattern);
    await fill(user, pattern, '^https://games\\.');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Rule “^https://games\\.” was created')).toBeInTheDocument();
  });

  it('a duplicate rule gets the server’s field error on the pattern; a failed save keeps the values', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const services = {
      ...apiRuleServices,
      save: (input: Parameters<typeof apiRuleServices.save>[0]) => {
        attempts += 1;
        return attempts === 2 ? Promise.reject(new ApiError('Network error', 0, undefined)) : apiRuleServices.save(input);
      },
    };
    renderAt(<UrlRestrictionsScreen services={services} />, '/user/url-restrictions');
    const dialog = await openCreateForm(user);
    const pattern = within(dialog).getByRole('textbox', { name: /^Pattern/ });
    await fill(user, pattern, 'tiktok.com'); // seeded as a block rule for all units
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(pattern).toHaveAccessibleDescription(/An identical rule/));
    await user.clear(pattern);
    await fill(user, pattern, 'news.example.org');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Focus time');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Saving failed');
    expect(pattern).toHaveValue('news.example.org');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Focus time');
  });

  it('tests a URL: the deciding rule and why', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UrlRestrictionsScreen />, '/user/url-restrictions');
    const tester = await screen.findByRole('region', { name: 'Test a URL' });
    await fill(user, within(tester).getByRole('textbox', { name: /^URL/ }), 'https://www.tiktok.com/@someone');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    const result = await within(tester).findByRole('status');
    expect(result).toHaveTextContent('Blocked');
    expect(result).toHaveTextContent('tiktok.com');
    expect(result).toHaveTextContent('A domain rule matches');
    await user.clear(within(tester).getByRole('textbox', { name: /^URL/ }));
    await fill(user, within(tester).getByRole('textbox', { name: /^URL/ }), 'https://nothing-matches.example.net/');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(within(tester).getByRole('status')).toHaveTextContent('allowed by default'));
  });

  it('a filter is a history entry: the URL keeps it, back restores the one before, a row click opens the editor', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UrlRestrictionsScreen />, '/user/url-restrictions?action=block');
    const table = await screen.findByRole('table', { name: 'URL rules' });
    await waitFor(() => expect(new Set(rowActions(table))).toEqual(new Set(['Block'])));

    // The filters wait behind "Filters (n)" in a panel (one toolbar line).
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(panel).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Allow' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('action')).toBe('allow'));
    await waitFor(() => expect(new Set(rowActions(screen.getByRole('table', { name: 'URL rules' })))).toEqual(new Set(['Allow'])));

    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?action=block'));
    await waitFor(() => expect(new Set(rowActions(screen.getByRole('table', { name: 'URL rules' })))).toEqual(new Set(['Block'])));
    expect(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('combobox', { name: 'Action' })).toHaveValue('Block');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());

    const row = within(screen.getByRole('table', { name: 'URL rules' })).getAllByRole('row')[1];
    if (!row) throw new Error('no rule row');
    await user.click(within(row).getAllByRole('cell')[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Edit URL rule' })).toBeInTheDocument();
  });

  it('delete A, then B, then Undo in A’s notification: B stays pending (its own Undo brings it back), A is deleted', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<UrlRestrictionsScreen />, '/user/url-restrictions');
    const table = await screen.findByRole('table', { name: 'URL rules' });
    const deletes = await within(table).findAllByRole('button', { name: /^Delete rule / });
    const [a, b] = deletes.map((button) => (button.getAttribute('aria-label') ?? '').replace(/^Delete rule /, ''));
    if (!a || !b) throw new Error('fewer than two rules');
    await checkOverlappingUndo(user, {
      a,
      b,
      askDelete: (pattern) => user.click(screen.getByRole('button', { name: `Delete rule ${pattern}` })),
      rowShown: (pattern) => screen.queryByRole('button', { name: `Delete rule ${pattern}` }) !== null,
    });
  });
});
