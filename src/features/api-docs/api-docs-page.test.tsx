import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import ApiDocsPage from './api-docs-page';
import { filterTags, readContract, typeText } from './contract';
import contractData from '../../../docs/api/openapi.yaml?parsed';

describe('the API reference page', () => {
  it('lists the contract’s endpoints by tag and opens one with its parameters and example answer', async () => {
    const user = userEvent.setup();
    // The page suspends until its contract chunk is in: the render is awaited.
    await act(async () => {
      renderWithProviders(<ApiDocsPage />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const units = screen.getByRole('region', { name: 'Service units' });
    const list = within(units).getByRole('button', { name: /GET\s*\/api\/service-units\s*One page of service units/ });
    await user.click(list);
    expect(within(units).getByRole('cell', { name: /pageSize/ })).toBeVisible();
    expect(within(units).getAllByLabelText('200: Example')[0]).toHaveTextContent('"pageSize": 2');
  });

  it('filters endpoints and says when nothing matches', async () => {
    const user = userEvent.setup();
    // The page suspends until its contract chunk is in: the render is awaited.
    await act(async () => {
      renderWithProviders(<ApiDocsPage />);
    });
    const search = await screen.findByRole('textbox', { name: 'Filter endpoints' });
    // One input event per value: the list re-renders 91 operations on each change.
    await user.click(search);
    await user.paste('set-starred');
    expect(screen.getByText('1 endpoint')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Service units' })).toBeNull();
    await user.clear(search);
    await user.paste('no-such-endpoint');
    expect(screen.getByRole('status')).toHaveTextContent('No endpoint matches the filter.');
  });

  it('shows every named example of an answer under its summary', async () => {
    const user = userEvent.setup();
    // The page suspends until its contract chunk is in: the render is awaited.
    await act(async () => {
      renderWithProviders(<ApiDocsPage />);
    });
    const auth = await screen.findByRole('region', { name: 'Auth' });
    await user.click(within(auth).getByRole('button', { name: /GET\s*\/api\/me\s*The signed-in user/ }));
    expect(within(auth).getByLabelText('200: An administrator (role 1, superadmin)')).toHaveTextContent('"defaultRoleId": 1');
    expect(within(auth).getByText('A plain user (role 4) of the same organization')).toBeVisible();
    expect(within(auth).getByLabelText('200: A plain user (role 4) of the same organization')).toHaveTextContent('"userRole": "user"');
  });

  it('shows its chrome in German', async () => {
    await act(async () => {
      renderWithProviders(<ApiDocsPage />, { language: 'de' });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'API-Referenz' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Endpunkte filtern' })).toBeVisible();
  });
});

describe('the page’s reading of the contract', () => {
  const contract = readContract(contractData);

  it('has every operation under a tag, with the auth each one needs', () => {
    const operations = contract.tags.flatMap((tag) => tag.operations);
    expect(operations.length).toBe(104);
    expect(operations.find((op) => op.path === '/api/UserLogin')?.auth).toBe('appKey');
    expect(operations.find((op) => op.path === '/api/set-password' && op.method === 'GET')?.auth).toBe('none');
    expect(operations.find((op) => op.path === '/api/me')?.auth).toBe('bearer');
    expect(operations.find((op) => op.path === '/api/agent/heartbeat')?.auth).toBe('agent');
    expect(operations.find((op) => op.path === '/api/agent/enrol')?.auth).toBe('none');
    expect(filterTags(contract.tags, 'compose').flatMap((tag) => tag.operations.map((op) => op.id))).toEqual(['composeEmail']);
  });

  it('writes schemas as short type texts', () => {
    expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/Task' } })).toBe('Task[]');
    expect(typeText({ type: ['string', 'null'], format: 'date-time' })).toBe('string (date-time) | null');
    expect(
      typeText({
        type: 'object',
        properties: { id: { type: 'integer' }, tags: { type: 'array', items: { enum: ['a', 'b'] } } },
        required: ['id'],
      }),
    ).toBe('{\n  id: integer;\n  tags?: ("a" | "b")[];\n}');
  });
});
