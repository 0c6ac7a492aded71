import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionIn } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { fromPromise } from 'xstate';
import { composeMachine } from '@machines/email/compose.machine';
import { mailboxMachine, type LoadMailsInput } from '@machines/email/mailbox.machine';
import type { ComposeInput, Email, EmailMeta, EmailTag } from '@machines/email/types';
import { renderWithProviders } from '../../../../../tests/render';
import { EmailRoute } from '../../email-page';

// The signed-in user comes from the real session machine, driven by the test harness.
beforeEach(async () => {
  installSessionActor(
    (await sessionIn('signedIn', { role: 4, user: { uid: '4', displayName: 'Ulysses User', email: 'user@acme.example' } })).actor,
  );
});

const META: EmailMeta = {
  unreadMails: { folder: { inbox: [], spam: [] }, label: { personal: [], company: [], important: [], private: [] } },
  draftMails: [],
};

function logic(submit: (input: ComposeInput) => Promise<{ id: number }>) {
  return mailboxMachine.provide({
    actors: {
      loadMails: fromPromise<Email[], LoadMailsInput>(async () => []),
      loadMeta: fromPromise<EmailMeta>(async () => META),
      loadTags: fromPromise<EmailTag[]>(async () => []),
      composeMachine: composeMachine.provide({
        actors: { submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input }) => submit(input)) },
      }),
    },
  });
}

describe('ComposeModal', () => {
  it('closing with typed text asks first; keep editing keeps it, discard closes', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ id: 1 }));
    renderWithProviders(<EmailRoute logic={logic(submit)} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: 'Compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Half written');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this message?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Half written');
    await user.click(within(screen.getByRole('dialog', { name: 'New message' })).getByRole('button', { name: 'Discard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this message?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument());
    expect(submit).not.toHaveBeenCalled();
  });

  it('an empty composer closes at once; saving a draft sends draft: true and closes with a notice', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ id: 9 }));
    renderWithProviders(<EmailRoute logic={logic(submit)} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: 'Compose' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'New message' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Idea:\n\nmore later');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument());
    expect(submit).toHaveBeenCalledWith({ to: [], cc: [], bcc: [], subject: '', message: '<p>Idea:</p><p>more later</p>', draft: true });
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
  });
});
