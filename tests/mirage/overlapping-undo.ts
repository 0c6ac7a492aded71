import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

type User = ReturnType<typeof userEvent.setup>;

/** The notification (Mantine renders each as an alert) that shows this text. */
function toastWith(text: string): HTMLElement {
  const toast = screen.getAllByRole('alert').find((el) => within(el).queryByText(text) !== null);
  if (!toast) throw new Error(`no notification says ${text}`);
  return toast;
}

async function deleteAndConfirm(user: User, askDelete: () => Promise<void>) {
  await askDelete();
  const dialog = await screen.findByRole('dialog', { name: /^Delete/ });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

/**
 * Every CRUD screen's overlapping-undo contract: delete A, then B, then press the Undo of A's toast.
 * Asking to delete B commits A (its toast becomes "was deleted"); A's Undo, pressed after that, must not
 * bring B back; B's own Undo still does. `askDelete(label)` opens the screen's delete confirmation for a row.
 */
export async function checkOverlappingUndo(
  user: User,
  {
    a,
    b,
    askDelete,
    rowShown,
  }: { a: string; b: string; askDelete: (label: string) => Promise<void>; rowShown: (label: string) => boolean },
) {
  await deleteAndConfirm(user, () => askDelete(a));
  const undoA = within(toastWith(`“${a}” will be deleted`)).getByRole('button', { name: 'Undo' });
  await waitFor(() => expect(rowShown(a)).toBe(false));

  await deleteAndConfirm(user, () => askDelete(b));
  expect(await screen.findByText(`“${a}” was deleted`)).toBeInTheDocument();
  expect(await screen.findByText(`“${b}” will be deleted`)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(`“${a}” will be deleted`)).not.toBeInTheDocument());

  // A's Undo, as a user quicker than the toast's exit would press it.
  fireEvent.click(undoA);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByText(`“${b}” was kept`)).not.toBeInTheDocument();
  expect(screen.queryByText(`“${a}” was kept`)).not.toBeInTheDocument();
  expect(rowShown(a)).toBe(false);
  expect(rowShown(b)).toBe(false);

  await user.click(within(toastWith(`“${b}” will be deleted`)).getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText(`“${b}” was kept`)).toBeInTheDocument();
  await waitFor(() => expect(rowShown(b)).toBe(true));
  expect(rowShown(a)).toBe(false);
}
