import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UrlRestriction } from '@machines/domain/types';
import { NO_REGEX_ENGINE } from '@machines/url-restrictions/url-matcher';
import { urlTesterMachine } from '@machines/url-restrictions/url-tester.machine';
import type { UnitSource } from '@/components/unit-picker';
import { renderWithProviders } from '../../../../tests/render';
import { UrlTester } from './url-tester';

// The unit picker searches the server; this test is about the URL field and the answer: no units.
const NO_UNITS: UnitSource = {
  search: async () => [],
  fetchOne: async (id) => {
    throw new Error(`unit ${id} asked for`);
  },
};

const rule: UrlRestriction = {
  id: '1',
  organizationId: '1',
  scope: { kind: 'all' },
  pattern: 'example.com',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: 'No',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'u',
};

function renderTester() {
  const calls = { loads: 0 };
  const machine = urlTesterMachine.provide({
    actors: {
      loadRules: fromPromise(async () => {
        calls.loads += 1;
        return [rule];
      }),
    },
  });
  const tester = createActor(machine, { input: { regexEngine: NO_REGEX_ENGINE } }).start();
  renderWithProviders(<UrlTester tester={tester} defaultUnit={null} unitSource={NO_UNITS} />);
  const region = within(screen.getByRole('region', { name: 'Test a URL' }));
  return { calls, region, field: region.getByRole('textbox', { name: /^URL/ }) };
}

describe('UrlTester', () => {
  it('shows input that is not a URL as a field error, never as a verdict', async () => {
    const { calls, region, field } = renderTester();
    await userEvent.type(field, 'not a url');
    await userEvent.click(region.getByRole('button', { name: 'Test' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/This is not a URL/);
    expect(region.queryByRole('status')).toBeNull();
    expect(region.queryByText('Allowed')).toBeNull();
    expect(calls.loads).toBe(0);

    // Editing the field takes the error away; the typed text stays.
    await userEvent.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('not a urlx');
  });

  it('asks for a URL when the field is empty', async () => {
    const { calls, region, field } = renderTester();
    await userEvent.click(region.getByRole('button', { name: 'Test' }));
    expect(field).toHaveAccessibleDescription('Enter the URL to test.');
    expect(calls.loads).toBe(0);
  });

  it('gives the verdict for a URL, naming the deciding rule', async () => {
    const { calls, region, field } = renderTester();
    await userEvent.type(field, 'https://www.example.com/page');
    await userEvent.click(region.getByRole('button', { name: 'Test' }));
    const answer = await region.findByRole('status');
    await waitFor(() => expect(answer).toHaveTextContent('Blocked'));
    expect(answer).toHaveTextContent(/Deciding rule: example\.com\s*Block/);
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.loads).toBe(1);
  });
});
