import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionIn } from '@machines/testing/session-harness';
import { unitDetailMachine, type UnitDetail } from '@machines/service-units/unit-detail.machine';
import { ApiError } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { installSessionActor } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { UnitDetailDrawer } from './unit-detail-drawer';

const unit = (patch: Partial<UnitDetail> = {}): UnitDetail => ({
  id: '7',
  organizationId: '1',
  name: 'Lisbon kiosk',
  hostname: 'lis-kiosk-01',
  ipAddress: '10.0.0.7',
  operatingSystem: 'linux',
  agentVersion: '1.0.0',
  location: '',
  description: '',
  tags: [],
  lastSeenAt: '2026-11-26T16:00:00.000Z',
  maintenance: false,
  screenshotIntervalMinutes: 15,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  status: 'online',
  agent: {
    kind: 'enrolled',
    enrolledAt: '2026-11-26T10:00:00.000Z',
    revokedAt: null,
    heartbeatIntervalS: 30,
    system: {
      hostname: 'lis-kiosk-01',
      osName: 'Debian GNU/Linux 12 (bookworm)',
      ipAddresses: ['10.0.0.7', 'fe80::1'],
      uptimeS: 2 * 86_400 + 3 * 3600 + 120,
      agentVersion: '1.0.0',
    },
  },
  ...patch,
});

/** The drawer on a real detail machine; the revocation answers what the test says. */
function renderDrawer(shown: UnitDetail, revoke: (id: string) => Promise<UnitDetail>, language: Language = 'en') {
  const calls: string[] = [];
  const detail = createActor(
    unitDetailMachine.provide({
      actors: {
        loadUnit: fromPromise(async () => shown),
        revokeAgent: fromPromise(async ({ input }) => {
          calls.push(input.id);
          return revoke(input.id);
        }),
      },
    }),
  ).start();
  detail.send({ type: 'detail.open', id: shown.id });
  renderWithProviders(<UnitDetailDrawer detail={detail} onClose={() => undefined} onEdit={() => undefined} onDelete={() => undefined} />, {
    language,
  });
  return { calls };
}

const signInWithRole = async (role: 1 | 2 | 3 | 4) =>
  installSessionActor((await sessionIn('signedIn', { role, user: { uid: '4', displayName: 'Una User' } })).actor);

describe('unit drawer: the agent', () => {
  beforeEach(() => signInWithRole(4));

  it('shows what the enrolled agent reported: kind, enrolment date, system, addresses, uptime and heartbeat', async () => {
    renderDrawer(unit(), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByRole('heading', { name: 'Agent' })).toBeInTheDocument();
    expect(within(dialog).getByText('Enrolled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(dialog).getByText('Debian GNU/Linux 12 (bookworm)')).toBeInTheDocument();
    expect(within(dialog).getByText('fe80::1')).toBeInTheDocument();
    expect(within(dialog).getByText('2 days 3 hr')).toBeInTheDocument();
    expect(within(dialog).getByText('Every 30 s')).toBeInTheDocument();
    // The enrolment date in the reader's format (local time).
    expect(within(dialog).getByText(/^November 26, 2026 \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
  });

  it('revokes an enrolled agent after confirmation, then says when it was revoked', async () => {
    const user = userEvent.setup({ delay: null });
    const revokedAt = '2026-11-26T17:00:00.000Z';
    const { calls } = renderDrawer(unit(), async () =>
      unit({ agent: { ...(unit().agent as NonNullable<UnitDetail['agent']>), revokedAt } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke agent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the agent of Lisbon kiosk?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke agent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the agent of Lisbon kiosk?' })).getByRole('button', {
        name: 'Revoke agent',
      }),
    );
    expect(await within(dialog).findByText(/^Agent revoked on /)).toBeInTheDocument();
    expect(calls).toEqual(['7']);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Revoke agent' })).not.toBeInTheDocument());
  });

  it('a refused revocation is explained and the agent stays', async () => {
    const user = userEvent.setup({ delay: null });
    renderDrawer(unit(), async () => Promise.reject(new ApiError('No active agent', 409, null)));
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke agent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the agent of Lisbon kiosk?' })).getByRole('button', {
        name: 'Revoke agent',
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The agent could not be revoked');
    expect(alert).toHaveTextContent('This unit has no active agent any more.');
    expect(within(dialog).queryByText(/^Agent revoked on /)).not.toBeInTheDocument();
  });

  it.each<[string, UnitDetail]>([
    ['a simulated agent', unit({ agent: { ...(unit().agent as NonNullable<UnitDetail['agent']>), kind: 'simulated' } })],
    ['a revoked agent', unit({ agent: { ...(unit().agent as NonNullable<UnitDetail['agent']>), revokedAt: '2026-11-26T12:00:00.000Z' } })],
  ])('offers no revocation for %s', async (_, shown) => {
    renderDrawer(shown, async () => shown);
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByRole('heading', { name: 'Agent' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revoke agent' })).not.toBeInTheDocument();
  });

  it('says so when no agent reports for the unit', async () => {
    renderDrawer(unit({ agent: null }), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByText('No agent reports for this unit.')).toBeInTheDocument();
  });

  it.each<[Language, string, string]>([
    ['de', 'Agent widerrufen', 'Alle 30 s'],
    ['fr', 'Révoquer l’agent', 'Toutes les 30 s'],
    ['pt', 'Revogar agente', 'A cada 30 s'],
  ])('%s: the agent section is translated', async (language, revoke, heartbeat) => {
    renderDrawer(unit(), async () => unit(), language);
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByRole('button', { name: revoke })).toBeInTheDocument();
    expect(within(dialog).getByText(heartbeat)).toBeInTheDocument();
  });
});

describe('unit drawer: who may revoke', () => {
  it('a read-only role sees the agent but no Revoke button', async () => {
    await signInWithRole(3);
    renderDrawer(unit(), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByText('Debian GNU/Linux 12 (bookworm)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revoke agent' })).not.toBeInTheDocument();
  });
});

describe('unit drawer: URL rules on the unit (issue 44)', () => {
  beforeEach(() => signInWithRole(4));
  const agent = unit().agent as NonNullable<UnitDetail['agent']>;
  const written = {
    state: 'written' as const,
    writtenAt: '2026-11-26T15:00:00.000Z',
    browsers: ['chromium' as const, 'chrome' as const],
    message: '',
    rules: [
      { ruleId: '1', pattern: 'blocked.test', status: 'enforced' as const, reason: null },
      { ruleId: '2', pattern: 'facebook.com', status: 'outOfSchedule' as const, reason: null },
      { ruleId: '3', pattern: '^https?://games\\.', status: 'notEnforceable' as const, reason: 'regex' as const },
    ],
  };

  it('lists which rules are enforced, which are not and why, and when the policy was written', async () => {
    renderDrawer(unit({ agent: { ...agent, urlPolicy: written } }), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByRole('heading', { name: 'URL rules on this unit' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^Browser policy last written November 26, 2026 .* for Chromium and Chrome\.$/)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'URL rules enforced on Lisbon kiosk' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['blocked.test', 'Enforced', ''],
      ['facebook.com', 'Outside its schedule', ''],
      ['^https?://games\\.', 'Not enforceable on this unit', 'Browser policies have no regular expressions.'],
    ]);
  });

  it('says when the agent may not write the browser policy, in the reader’s language, and enforces nothing', async () => {
    const refused = {
      ...written,
      state: 'noPermission' as const,
      writtenAt: null,
      browsers: [],
      message: '/etc/chromium/policies/managed: EACCES',
    };
    renderDrawer(unit({ agent: { ...agent, urlPolicy: refused } }), async () => unit(), 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('URL-Regeln: keine Berechtigung, die Browser-Richtlinie zu schreiben');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('/etc/chromium/policies/managed: EACCES');
    const table = within(dialog).getByRole('table', { name: 'Durchgesetzte URL-Regeln auf Lisbon kiosk' });
    expect(within(table).getAllByText('Nicht durchgesetzt')).toHaveLength(1);
    expect(within(table).queryByText('Durchgesetzt')).not.toBeInTheDocument();
  });

  it('says so when the agent has not reported it', async () => {
    renderDrawer(unit(), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(within(dialog).getByText('The agent has not reported how it enforces the URL rules yet.')).toBeInTheDocument();
  });

  it('an agent started with --no-url-policy: not enforced, no table', async () => {
    renderDrawer(unit({ agent: { ...agent, urlPolicy: { ...written, state: 'off', rules: [] } } }), async () => unit());
    const dialog = await screen.findByRole('dialog', { name: 'Lisbon kiosk' });
    expect(
      within(dialog).getByText(/URL rules are not enforced on this unit: the agent was started with --no-url-policy/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: /URL rules enforced/ })).not.toBeInTheDocument();
  });
});
