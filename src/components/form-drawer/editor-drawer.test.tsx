import { TextInput } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createEditorMachine, type SaveInput } from '@machines/editor/editor.machine';
import { renderWithProviders } from '../../../tests/render';
import { EditorDrawer, useEditorForm, type EditorRef } from './editor-drawer';
import { FormActions, FormConflict, FormSaveError } from './form-parts';

type Values = { name: string };

function NameForm({ editor }: { editor: EditorRef<Values, Values> }) {
  const { form, mode, failed, hasFieldErrors, conflict, onSubmit, actions } = useEditorForm(editor, 'service-units', (field) => ({
    label: field === 'name' ? 'Name' : field,
    max: 5,
  }));
  return (
    <form noValidate onSubmit={onSubmit}>
      {failed && <FormSaveError>{hasFieldErrors ? 'Fix the fields' : 'Server said no'}</FormSaveError>}
      {conflict && <FormConflict conflict={conflict} />}
      <TextInput label="Name" {...form.getInputProps('name')} />
      <FormActions {...actions} submitLabel={mode === 'create' ? 'Create' : 'Save'} />
    </form>
  );
}

/** A save refused once because Ada renamed the record meanwhile (as the app's save reports a 412). */
const changedByAda = () =>
  Object.assign(new Error('changed elsewhere'), {
    conflict: { theirs: { name: 'Ada1' }, version: '"3"', changedBy: 'Ada Admin', changedAt: '2026-12-06T06:00:00.000Z' },
  });

function start({ conflictFirst = false } = {}) {
  let refused = !conflictFirst;
  const save = vi.fn(async ({ input }: { input: SaveInput<Values> }) => {
    if (!refused) {
      refused = true;
      throw changedByAda();
    }
    return input.values;
  });
  const machine = createEditorMachine<Values, Values>().provide({
    actors: {
      validate: fromPromise(async ({ input }): Promise<Record<string, string>> =>
        input.values.name.length > 5 ? { name: 'tooLong' } : {},
      ),
      save: fromPromise(save),
    },
  });
  const editor = createActor(machine, { input: { empty: { name: '' } } }).start();
  renderWithProviders(
    <EditorDrawer editor={editor} titles={{ create: 'New thing', edit: 'Edit thing' }}>
      <NameForm editor={editor} />
    </EditorDrawer>,
  );
  return { editor, save };
}

describe('EditorDrawer and useEditorForm', () => {
  it('opens titled by the mode, with the record values, and saves what was typed', async () => {
    const { editor, save } = start();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => editor.send({ type: 'editor.open.edit', id: 'a', values: { name: 'Old' } }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit thing' });
    const name = screen.getByLabelText('Name');
    expect(drawer).toContainElement(name);
    expect(name).toHaveValue('Old');
    await userEvent.clear(name);
    await userEvent.type(name, 'New');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].input).toEqual({ mode: 'edit', id: 'a', values: { name: 'New' }, version: null });
  });

  it("shows the machine's field error translated under its field", async () => {
    const { editor, save } = start();
    act(() => editor.send({ type: 'editor.open.create' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Too long');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name may have at most 5 characters. Shorten it — nothing was cut.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('asks before throwing away changes, and a new session starts from its own values', async () => {
    const { editor } = start();
    act(() => editor.send({ type: 'editor.open.create' }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    act(() => editor.send({ type: 'editor.open.edit', id: 'b', values: { name: 'Bee' } }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Bee');
  });

  it('shows a change made elsewhere beside what was typed, and keeps mine against their version', async () => {
    const { editor, save } = start({ conflictFirst: true });
    act(() => editor.send({ type: 'editor.open.edit', id: 'a', values: { name: 'Old' }, version: '"2"' }));
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert', { name: /Changed by Ada Admin at .* while you were editing/ });
    const table = screen.getByRole('table', { name: 'Their values and yours' });
    expect(table).toHaveTextContent('NameAda1Mine');
    expect(name).toHaveValue('Mine');
    expect(save.mock.calls[0]?.[0].input.version).toBe('"2"');
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]?.[0].input).toEqual({ mode: 'edit', id: 'a', values: { name: 'Mine' }, version: '"3"' });
    expect(alert).not.toBeInTheDocument();
  });

  it('takes theirs into the inputs, or goes back to the form with what was typed', async () => {
    const { editor } = start({ conflictFirst: true });
    act(() => editor.send({ type: 'editor.open.edit', id: 'a', values: { name: 'Old' }, version: '"2"' }));
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to the form' }));
    expect(screen.queryByRole('table', { name: 'Their values and yours' })).not.toBeInTheDocument();
    expect(name).toHaveValue('OldX');
  });

  it('takes their values into the form', async () => {
    const { editor } = start({ conflictFirst: true });
    act(() => editor.send({ type: 'editor.open.edit', id: 'a', values: { name: 'Old' }, version: '"2"' }));
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(name).toHaveValue('Ada1');
    expect(editor.getSnapshot().matches({ form: { editing: 'pristine' } })).toBe(true);
  });
});
