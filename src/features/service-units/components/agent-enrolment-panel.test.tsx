import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DeleteTarget, FieldErrors, SaveInput, ValidateInput } from '@machines/editor/editor.machine';
import { sessionIn } from '@machines/testing/session-harness';
import type { Language } from '@/lib/i18n';
import { installSessionActor } from '@/lib/session';
import { Response, type Server, startMonitoringServer } from '../../../../tests/mirage/monitoring-helpers';
import { renderWithProviders } from '../../../../tests/render';
import { EMPTY_UNIT, type UnitFormValues, type UnitRow } from '../api/types';
import { unitEditorMachine } from '../hooks/use-service-units';
import { validateUnit } from '../schema';
import { UnitFormDrawer } from './unit-form-drawer';

const TOKEN = `sua_enrol_${'A'.repeat(43)}`;
const EXPIRES = '2026-11-27T17:00:00.000Z';

let server: Server;
/** What `POST /api/agent-enrolments` answers next (the contract's 201, or a failure). */
let answers: (() => Response)[];

beforeEach(async () => {
  server = await startMonitoringServer();
  answers = [];
  server.post('/api/agent-enrolments', () => (answers.shift() ?? issued)());
});
afterEach(() => {
  cleanup();
  server.shutdown();
});

const issued = () => new Response(201, {}, { token: TOKEN, expiresAt: EXPIRES, organizationId: '1' });

async function renderDrawer({
  role = 4,
  mode = 'create',
  language = 'en',
}: { role?: 1 | 2 | 3 | 4; mode?: 'create' | 'edit'; language?: Language } = {}) {
  installSessionActor((await sessionIn('signedIn', { role, user: { uid: '4', displayName: 'Una User' } })).actor);
  const editor = createActor(
    unitEditorMachine.provide({
      actors: {
        validate: fromPromise<FieldErrors, ValidateInput<UnitFormValues>>(async ({ input }) => validateUnit(input.values)),
        save: fromPromise<UnitRow, SaveInput<UnitFormValues>>(async () => Promise.reject(new Error('not expected'))),
        remove: fromPromise<unknown, DeleteTarget>(async () => undefined),
      },
    }),
    { input: { empty: EMPTY_UNIT } },
  ).start();
  if (mode === 'create') editor.send({ type: 'editor.open.create' });
  else editor.send({ type: 'editor.open.edit', id: '7', values: { ...EMPTY_UNIT, name: 'Lisbon kiosk', operatingSystem: 'linux' } });
  renderWithProviders(<UnitFormDrawer editor={editor} tags={[]} />, { language });
}

describe('New unit drawer: enrol an agent', () => {
  it('gets a one-use token and shows the command to copy; what was typed in the form stays', async () => {
    const user = userEvent.setup({ delay: null });
    await renderDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'New service unit' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Typed first');
    await user.click(within(dialog).getByRole('tab', { name: 'Enrol an agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Get enrolment command' }));

    const command = `npm run agent -- --server ${window.location.origin} --enrol ${TOKEN}`;
    expect(await within(dialog).findByText(command)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Expires November 27, 2026 /)).toBeInTheDocument();
    expect(within(dialog).getByText(/works once, within 24 hours/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy command' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(command);

    await user.click(within(dialog).getByRole('tab', { name: 'Enter details' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Typed first');
    // Back on the agent tab, the token is still there (shown once per opening of the drawer).
    await user.click(within(dialog).getByRole('tab', { name: 'Enrol an agent' }));
    expect(within(dialog).getByText(command)).toBeInTheDocument();
  });

  it('a failed request is explained, and asking again works', async () => {
    const user = userEvent.setup({ delay: null });
    answers = [() => new Response(500, {}, { message: 'boom' })];
    await renderDrawer();
    const dialog = await screen.findByRole('dialog', { name: 'New service unit' });
    await user.click(within(dialog).getByRole('tab', { name: 'Enrol an agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Get enrolment command' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No enrolment token could be issued');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Get enrolment command' }));
    expect(await within(dialog).findByText(new RegExp(`--enrol ${TOKEN}$`))).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is offered only to whoever may create units, and only in a new unit’s drawer', async () => {
    await renderDrawer({ role: 3 });
    const dialog = await screen.findByRole('dialog', { name: 'New service unit' });
    expect(within(dialog).queryByRole('tab', { name: 'Enrol an agent' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
    cleanup();
    await renderDrawer({ mode: 'edit' });
    const edit = await screen.findByRole('dialog', { name: 'Edit service unit' });
    expect(within(edit).queryByRole('tab', { name: 'Enrol an agent' })).not.toBeInTheDocument();
  });

  it.each<[Language, string, string]>([
    ['de', 'Agent registrieren', 'Registrierungsbefehl erzeugen'],
    ['fr', 'Enrôler un agent', 'Obtenir la commande d’enrôlement'],
    ['pt', 'Cadastrar um agente', 'Gerar comando de cadastro'],
  ])('%s: translated', async (language, tab, button) => {
    const user = userEvent.setup({ delay: null });
    await renderDrawer({ language });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: tab }));
    expect(within(dialog).getByRole('button', { name: button })).toBeInTheDocument();
  });
});
