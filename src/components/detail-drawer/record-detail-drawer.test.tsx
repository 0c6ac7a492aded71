import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { jobMachine } from '@machines/job/job.machine';
import { renderWithProviders } from '../../../tests/render';
import { DetailField, RecordDetailDrawer } from './record-detail-drawer';

type Row = { id: string; name: string };

function start(props: { row: Row | null; showAudit: boolean; onEdit: ((row: Row) => void) | null }) {
  const load = vi.fn(async (): Promise<unknown> => ({ items: [], total: 0, page: 1, pageSize: 20 }));
  const audit = createActor(jobMachine.provide({ actors: { job: fromPromise(load) } })).start();
  const onClose = vi.fn();
  renderWithProviders(
    <RecordDetailDrawer
      {...props}
      title={(r) => r.name}
      detailsLabel="Details"
      badge={() => <span>Active</span>}
      editLabel="Edit"
      audit={audit}
      onClose={onClose}
    >
      {(r) => <DetailField label="Code">{r.id.toUpperCase()}</DetailField>}
    </RecordDetailDrawer>,
  );
  return { load, onClose };
}

describe('RecordDetailDrawer', () => {
  it('shows the record under its title, with Edit for who may edit, and closes', async () => {
    const onEdit = vi.fn();
    const { onClose } = start({ row: { id: 'acme', name: 'Acme' }, showAudit: false, onEdit });
    const drawer = await screen.findByRole('dialog', { name: 'Acme' });
    expect(drawer).toHaveTextContent('Active');
    expect(drawer).toHaveTextContent('CodeACME');
    expect(screen.queryByRole('tab', { name: 'Audit log' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 'acme', name: 'Acme' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('has no Edit without the right, and loads the audit trail only when its tab is opened', async () => {
    const { load } = start({ row: { id: 'acme', name: 'Acme' }, showAudit: true, onEdit: null });
    await screen.findByRole('dialog', { name: 'Acme' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Audit trail' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is closed without a record', () => {
    start({ row: null, showAudit: true, onEdit: vi.fn() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
