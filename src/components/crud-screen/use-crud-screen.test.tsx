import { screen as view, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createCrudScreenMachine } from '@machines/crud-screen/crud-screen.machine';
import type { Page } from '@machines/domain/types';
import { createEditorMachine, type DeleteTarget } from '@machines/editor/editor.machine';
import { createListMachine } from '@machines/list/list.machine';
import { renderWithProviders } from '../../../tests/render';
import { useCrudNotifications, useCrudScreen } from './use-crud-screen';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];
const machine = createCrudScreenMachine<Row, { name: string }, Row>();

/** The smallest screen on the CRUD machine: rows with a Delete button, and the shared toasts. */
function TinyScreen({ removeFails = false, undoMs = 60_000 }: { removeFails?: boolean; undoMs?: number }) {
  const logic = machine.provide({
    actors: {
      list: createListMachine<Row>().provide({
        actors: { fetchPage: fromPromise(async (): Promise<Page<Row>> => ({ items: ROWS, total: 2, page: 1, pageSize: 25 })) },
      }),
      editor: createEditorMachine<{ name: string }, Row>().provide({
        actors: { remove: fromPromise<unknown, DeleteTarget>(async () => (removeFails ? Promise.reject(new Error('refused')) : null)) },
      }),
    },
  });
  const { screen, list, editor } = useCrudScreen<Row, { name: string }, Row>(logic, { editor: { empty: { name: '' }, undoMs } });
  useCrudNotifications<Row, { name: string }, Row>(screen, { idPrefix: 'tiny', saved: (_m, r) => `Saved ${r.name}` });
  const rows = useSelector(list, (s) => s.context.items.filter((r) => !s.context.hidden.includes(r.id)));
  const confirming = useSelector(editor, (s) => s.matches({ deletion: 'confirming' }));
  return (
    <div>
      <ul aria-label="Rows">
        {rows.map((r) => (
          <li key={r.id}>
            {r.name}
            <button type="button" onClick={() => editor.send({ type: 'editor.delete', target: { id: r.id, label: r.name } })}>
              Delete {r.name}
            </button>
          </li>
        ))}
      </ul>
      {confirming && (
        <button type="button" onClick={() => editor.send({ type: 'editor.delete.confirm' })}>
          Confirm delete
        </button>
      )}
    </div>
  );
}

describe('CRUD screen toasts (written once for every screen)', () => {
  it('a pending delete hides the row with an Undo toast; Undo brings it back and says it was kept', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TinyScreen />);
    await user.click(await view.findByRole('button', { name: 'Delete Beta' }));
    await user.click(view.getByRole('button', { name: 'Confirm delete' }));
    expect(await view.findByText('“Beta” will be deleted')).toBeInTheDocument();
    expect(within(view.getByRole('list', { name: 'Rows' })).queryByText('Beta')).not.toBeInTheDocument();
    await user.click(view.getByRole('button', { name: 'Undo' }));
    expect(await view.findByText('“Beta” was kept')).toBeInTheDocument();
    expect(within(view.getByRole('list', { name: 'Rows' })).getByText('Beta')).toBeInTheDocument();
  });

  it('a failed delete shows the row again with the red notice, and the next delete is asked normally', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TinyScreen removeFails undoMs={10} />);
    await user.click(await view.findByRole('button', { name: 'Delete Alpha' }));
    await user.click(view.getByRole('button', { name: 'Confirm delete' }));
    expect(await view.findByText('“Alpha” could not be deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(view.getByRole('list', { name: 'Rows' })).getByText('Alpha')).toBeInTheDocument());
    await user.click(view.getByRole('button', { name: 'Delete Beta' }));
    expect(view.getByRole('button', { name: 'Confirm delete' })).toBeInTheDocument();
  });
});
