import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { DiscardChangesModal, FormActions, FormDrawer, FormSaveError, useWarnBeforeUnload } from './form-parts';

function Unload({ dirty }: { dirty: boolean }) {
  useWarnBeforeUnload(dirty);
  return null;
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('form parts', () => {
  it('the save error is an alert titled as a failed save', () => {
    renderWithProviders(<FormSaveError>The name is taken.</FormSaveError>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The name is taken.');
    expect(alert).toHaveTextContent('Saving failed');
  });

  it('cancel calls back; submit submits the form and shows progress while busy', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy={false} submitLabel="Create rule" />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy cancelDisabled submitLabel="Create rule" />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Create rule/ })).toHaveAttribute('data-loading', 'true');
  });

  it('asks before discarding and says which choice was made', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<DiscardChangesModal opened onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('the drawer shows its form under a title, closes by its labelled button, and asks before discarding', async () => {
    const onClose = vi.fn();
    const props = { opened: true, title: 'New rule', dirty: true, onClose, onDiscardConfirm: vi.fn(), onDiscardCancel: vi.fn() };
    const { rerender } = renderWithProviders(
      <FormDrawer {...props} confirmingDiscard={false}>
        <input aria-label="Pattern" />
      </FormDrawer>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'New rule' });
    expect(drawer).toContainElement(screen.getByLabelText('Pattern'));
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <FormDrawer {...props} confirmingDiscard>
        <input aria-label="Pattern" />
      </FormDrawer>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(props.onDiscardCancel).toHaveBeenCalledTimes(1);
  });

  it('warns before the page unloads only while there are unsaved changes', () => {
    const { rerender, unmount } = renderWithProviders(<Unload dirty={false} />);
    expect(unload()).toBe(false);
    rerender(<Unload dirty />);
    expect(unload()).toBe(true);
    unmount();
    expect(unload()).toBe(false);
  });
});
