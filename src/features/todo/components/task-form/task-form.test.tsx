import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { validateDraft, type DraftErrors, type TaskDraft } from '@machines/todo/types';
import { renderWithProviders } from '../../../../../tests/render';
import { TaskForm } from './task-form';

/** The form as the task machine drives it: the draft in state, the machine's validateDraft on submit. */
function Harness({ onValid }: { onValid: (draft: TaskDraft) => void }) {
  const [draft, setDraft] = useState<TaskDraft>({ title: '', desc: '', tags: [] });
  const [errors, setErrors] = useState<DraftErrors>({});
  return (
    <TaskForm
      draft={draft}
      errors={errors}
      tags={[]}
      busy={false}
      failure={null}
      failureTitle=""
      submitLabel="Add"
      onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      onSubmit={() => {
        const found = validateDraft(draft);
        setErrors(found);
        if (Object.keys(found).length === 0) onValid(draft);
      }}
      onCancel={() => undefined}
    />
  );
}

describe('task form: odd and over-long text', () => {
  it('refuses a title with a right-to-left override, says why in German, and keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    renderWithProviders(<Harness onValid={onValid} />, { language: 'de' });
    const title = screen.getByRole('textbox', { name: /^Titel/ });
    await user.click(title);
    await user.paste('Rechnung\u202Egnp.exe');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/Titel enthält ein Zeichen zur Umkehr der Schreibrichtung/)).toBeInTheDocument();
    expect(title).toHaveValue('Rechnung\u202Egnp.exe');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('shows the description counter and refuses more than 5000 characters without cutting', async () => {
    const user = userEvent.setup({ delay: null });
    const onValid = vi.fn();
    renderWithProviders(<Harness onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Write the report');
    const desc = screen.getByRole('textbox', { name: /^Description/ });
    await user.click(desc);
    await user.paste('d'.repeat(5001));
    expect(screen.getByText('5001 / 5000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Description may have at most 5000 characters. Shorten it — nothing was cut.')).toBeInTheDocument();
    expect(desc).toHaveValue('d'.repeat(5001));
    expect(onValid).not.toHaveBeenCalled();
  });
});
