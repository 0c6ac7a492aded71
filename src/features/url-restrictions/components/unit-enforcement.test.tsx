import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/render';
import type { UnitEnforcement as Loaded } from '../api/get-unit-enforcement';
import { UnitEnforcement } from './unit-enforcement';

const agent = {
  kind: 'enrolled' as const,
  enrolledAt: '2026-11-26T10:00:00.000Z',
  revokedAt: null,
  heartbeatIntervalS: 30,
  system: null,
  urlPolicy: {
    state: 'written' as const,
    writtenAt: '2026-11-26T15:00:00.000Z',
    browsers: ['chromium' as const],
    message: '',
    rules: [
      { ruleId: '1', pattern: 'blocked.test', status: 'enforced' as const, reason: null },
      { ruleId: '2', pattern: 'www.*.example.com/*', status: 'notEnforceable' as const, reason: 'wildcardInHost' as const },
    ],
  },
};

describe('URL rules screen: enforcement on the unit filtered to (issue 44)', () => {
  it('shows loading, then which rules the unit enforces and why not; a refresh loads again', async () => {
    let calls = 0;
    let answer: (unit: Loaded) => void = () => undefined;
    const load = () => {
      calls += 1;
      return new Promise<Loaded>((resolve) => (answer = resolve));
    };
    renderWithProviders(<UnitEnforcement unitId="7" load={load} />);
    expect(screen.getByText('Loading how the unit enforces its URL rules…')).toBeInTheDocument();
    answer({ name: 'Lisbon kiosk', agent });
    const panel = await screen.findByRole('region', { name: 'Enforcement on Lisbon kiosk' });
    const table = within(panel).getByRole('table', { name: 'URL rules enforced on Lisbon kiosk' });
    expect(within(table).getByRole('row', { name: /blocked\.test Enforced/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /www\.\*\.example\.com\/\* Not enforceable on this unit/ })).toHaveTextContent(
      'Browser policies allow no * inside a host name.',
    );
    expect(within(panel).getByText(/^Browser policy last written .* for Chromium\.$/)).toBeInTheDocument();

    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Refresh' }));
    expect(calls).toBe(2);
  });

  it('an agent that may not write the policy folder says so, with its error, and its rules count as not enforced', async () => {
    const refused = {
      ...agent,
      urlPolicy: { ...agent.urlPolicy, state: 'noPermission' as const, message: '/etc/chromium/policies/managed: EACCES' },
    };
    renderWithProviders(<UnitEnforcement unitId="9" load={() => Promise.resolve({ name: 'Faro kiosk', agent: refused })} />);
    const panel = await screen.findByRole('region', { name: 'Enforcement on Faro kiosk' });
    const alert = within(panel).getByRole('alert');
    expect(alert).toHaveTextContent('URL rules: no permission to write the browser policy');
    expect(alert).toHaveTextContent('/etc/chromium/policies/managed: EACCES');
    expect(within(panel).getByRole('row', { name: /blocked\.test Not enforced/ })).toBeInTheDocument();
  });

  it('a unit without an agent enforces nothing; a failed load says so and retries', async () => {
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ name: 'Porto till', agent: null }));
    renderWithProviders(<UnitEnforcement unitId="8" load={load} />, { language: 'fr' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('L’unité n’a pas pu être chargée.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const panel = await screen.findByRole('region', { name: 'Application sur Porto till' });
    expect(within(panel).getByText('Cette unité n’a pas d’agent : ses règles d’URL ne sont pas appliquées.')).toBeInTheDocument();
  });
});
