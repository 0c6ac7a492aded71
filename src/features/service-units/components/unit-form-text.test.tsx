import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DeleteTarget, FieldErrors, SaveInput, ValidateInput } from '@machines/editor/editor.machine';
import type { Language } from '@/lib/i18n';
import { renderWithProviders } from '../../../../tests/render';
import { EMPTY_UNIT, type UnitFormValues, type UnitRow } from '../api/types';
import { unitEditorMachine } from '../hooks/use-service-units';
import { validateUnit } from '../schema';
import { UnitFormDrawer } from './unit-form-drawer';

/** The unit form on a real editor machine with the app's schema; saving is recorded, never sent. */
function renderForm(language: Language = 'en') {
  const saved: SaveInput<UnitFormValues>[] = [];
  const editor = createActor(
    unitEditorMachine.provide({
      actors: {
        validate: fromPromise<FieldErrors, ValidateInput<UnitFormValues>>(async ({ input }) => validateUnit(input.values)),
        save: fromPromise<UnitRow, SaveInput<UnitFormValues>>(async ({ input }) => {
          saved.push(input);
          throw new Error('not expected');
        }),
        remove: fromPromise<unknown, DeleteTarget>(async () => undefined),
      },
    }),
    { input: { empty: EMPTY_UNIT } },
  ).start();
  editor.send({ type: 'editor.open.create' });
  renderWithProviders(<UnitFormDrawer editor={editor} tags={[]} />, { language });
  return { saved };
}

describe('unit form: odd and over-long text is refused with a translated message, never cut', () => {
  it('a pasted 10,000-character name is kept whole, counted and refused with the limit', async () => {
    const user = userEvent.setup({ delay: null });
    const { saved } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New service unit' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).not.toHaveAttribute('maxlength');
    await user.click(name);
    await user.paste('x'.repeat(10_000));
    expect(name).toHaveValue('x'.repeat(10_000));
    expect(within(dialog).getByText('10000 / 80')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Name may have at most 80 characters/));
    expect(name).toHaveValue('x'.repeat(10_000));
    expect(saved).toEqual([]);
  });

  it.each<[Language, string, string, RegExp]>([
    ['en', 'Name', 'invoice\u202Egnp.exe', /Name contains a text-direction override character/],
    ['de', 'Name', 'Kiosk\u0000', /Name enthält ein Steuerzeichen/],
    ['fr', 'Nom', '\u200B\u200B', /Nom doit contenir des caractères visibles/],
    ['pt', 'Nome', 'Kiosk\u202E', /Nome contém um caractere que força a direção do texto/],
  ])('%s: %s with odd text shows why, and keeps what was typed', async (language, label, text, message) => {
    const user = userEvent.setup({ delay: null });
    const { saved } = renderForm(language);
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: new RegExp(`^${label}\\s*\\*?$`) });
    await user.click(name);
    await user.paste(text);
    await user.click(
      within(dialog)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('type') === 'submit')[0] as HTMLElement,
    );
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(name).toHaveValue(text);
    expect(saved).toEqual([]);
  });

  it('a name of exactly 80 characters is sent whole', async () => {
    const user = userEvent.setup({ delay: null });
    const { saved } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New service unit' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('N'.repeat(80));
    expect(within(dialog).getByText('80 / 80')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Hostname/ }), 'lis-kiosk-01.acme.example');
    await user.click(within(dialog).getByRole('combobox', { name: /^Operating system/ }));
    await user.click(await screen.findByRole('option', { name: 'Linux' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.values.name).toBe('N'.repeat(80));
  });
});
