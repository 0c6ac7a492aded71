import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AgentUrlPolicy } from '@machines/domain/types';
import { renderWithProviders } from '../../../../tests/render';
import type { UnitPolicy, UnitsEnforcement } from '../api/get-units-enforcement';
import { UnitsEnforcementDrawer } from './units-enforcement';

const written = (rules: AgentUrlPolicy['rules']): AgentUrlPolicy => ({
  state: 'written',
  writtenAt: '2026-11-26T15:00:00.000Z',
  browsers: ['chromium'],
  message: '',
  rules,
});
const facebook = { ruleId: '1', pattern: 'facebook.com', status: 'enforced' as const, reason: null };
const shorts = { ruleId: '2', pattern: '^https://youtube\\.com/shorts/', status: 'notEnforceable' as const, reason: 'regex' as const };

const UNITS: UnitPolicy[] = [
  { id: '1', name: 'Lisbon kiosk', hasAgent: true, policy: written([facebook, shorts]) },
  { id: '2', name: 'Porto kiosk', hasAgent: true, policy: written([facebook, { ...shorts }]) },
  {
    id: '3',
    name: 'Faro till',
    hasAgent: true,
    policy: { state: 'noPermission', writtenAt: null, browsers: [], message: '/etc/chromium: EACCES', rules: [facebook] },
  },
  { id: '4', name: 'Braga till', hasAgent: true, policy: null },
  { id: '5', name: 'Spare', hasAgent: false, policy: null },
];

describe('URL rules screen: enforcement across units (issue 44)', () => {
  it('per rule, where it is enforced and where not and why; per unit, its policy and each rule', async () => {
    let answer: (loaded: UnitsEnforcement) => void = () => undefined;
    let calls = 0;
    const load = () => {
      calls += 1;
      return new Promise<UnitsEnforcement>((resolve) => (answer = resolve));
    };
    renderWithProviders(<UnitsEnforcementDrawer opened onClose={() => undefined} load={load} />);
    const drawer = await screen.findByRole('dialog', { name: 'URL rules on every unit' });
    expect(within(drawer).getByText('Loading how the units enforce their URL rules…')).toBeInTheDocument();
    answer({ units: UNITS, total: 5 });

    expect(
      await within(drawer).findByText('4 of 5 units have an agent; 3 of them report how they enforce the URL rules.'),
    ).toBeInTheDocument();
    const byRule = within(drawer).getByRole('table', { name: 'URL rules across units' });
    const facebookRow = within(byRule).getByRole('row', { name: /^facebook\.com/ });
    expect(within(facebookRow).getAllByRole('cell')[1]).toHaveTextContent('2 units');
    expect(within(facebookRow).getAllByRole('cell')[2]).toHaveTextContent('1 unit (Faro till): no permission to write the browser policy');
    const shortsRow = within(byRule).getByRole('row', { name: /youtube/ });
    expect(within(shortsRow).getAllByRole('cell')[1]).toHaveTextContent('0 units');
    expect(within(shortsRow).getAllByRole('cell')[2]).toHaveTextContent(
      '2 units (Lisbon kiosk, Porto kiosk): browser policies have no regular expressions',
    );

    // Units with a problem first; the one without an agent is not listed among them.
    const controls = within(drawer)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('aria-expanded'));
    expect(controls.map((b) => b.textContent)).toEqual([
      'Braga tillNot reported',
      expect.stringMatching(/^Faro tillNo permission$/),
      expect.stringMatching(/^Lisbon kiosk.*Policy written$/),
      expect.stringMatching(/^Porto kiosk.*Policy written$/),
    ]);
    const user = userEvent.setup();
    await user.click(controls[2] as HTMLElement);
    const table = await within(drawer).findByRole('table', { name: 'URL rules enforced on Lisbon kiosk' });
    expect(within(table).getByRole('row', { name: /youtube.*Not enforceable on this unit/ })).toHaveTextContent(
      'Browser policies have no regular expressions.',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Refresh' }));
    expect(calls).toBe(2);
  });

  it('speaks the user’s language, and a failed load offers to try again', async () => {
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ units: UNITS.slice(2, 3), total: 1 }));
    renderWithProviders(<UnitsEnforcementDrawer opened onClose={() => undefined} load={load} />, { language: 'de' });
    const drawer = await screen.findByRole('dialog', { name: 'URL-Regeln auf allen Einheiten' });
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Die Einheiten konnten nicht geladen werden.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    const row = await within(drawer).findByRole('row', { name: /^facebook\.com/ });
    expect(row).toHaveTextContent('1 Einheit (Faro till): keine Berechtigung, die Browser-Richtlinie zu schreiben');
  });
});
