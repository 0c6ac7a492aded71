import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionIn } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { fromPromise } from 'xstate';
import { composeMachine } from '@machines/email/compose.machine';
import { emailMachine } from '@machines/email/email.machine';
import { mailboxMachine, type LoadMailsInput } from '@machines/email/mailbox.machine';
import { anEmail } from '@machines/testing/fixtures';
import type { ComposeInput, Email, EmailMeta, EmailTag } from '@machines/email/types';
import { renderWithProviders } from '../../../../../tests/render';
import { EmailRoute } from '../../email-page';

// The signed-in user comes from the real session machine, driven by the test harness.
beforeEach(async () => {
  installSessionActor(
    (await sessionIn('signedIn', { role: 4, user: { uid: '4', displayName: 'Ulysses User', email: 'user@acme.example' } })).actor,
  );
});

const HOSTILE = anEmail({
  id: 5,
  unread: true,
  subject: 'Overdue invoice',
  sender_name: 'Billing Notice',
  message:
    '<p>Pay now.</p><img src="x" onerror="window.__pwned=true"><script>window.__pwned=true</script><a href="javascript:window.__pwned=true">Statement</a>',
  attachments: ['statement.pdf'],
  replies: [
    anEmail({
      id: 51,
      mailFolder: '',
      unread: false,
      sender_name: 'Ulysses User',
      message: '<p>Earlier one</p>',
      time: '2026-11-19T10:00:00.000Z',
    }),
  ],
});
const META: EmailMeta = {
  unreadMails: { folder: { inbox: [5], spam: [] }, label: { personal: [], company: [5], important: [], private: [] } },
  draftMails: [],
};

/** The real machines with fake calls: the screen as a person sees it, no server. */
function fakeLogic(options: { failSend?: boolean } = {}) {
  let emails: Email[] = [HOSTILE];
  const calls = { markUnread: vi.fn(), submit: vi.fn() };
  const ok = <I,>(spy: (input: I) => void) => fromPromise<unknown, I>(async ({ input }) => spy(input));
  const markUnread = ok((input: { emailIds: number[]; unreadFlag: boolean }) => {
    calls.markUnread(input);
    emails = emails.map((e) => (input.emailIds.includes(e.id) ? { ...e, unread: input.unreadFlag } : e));
  });
  const compose = composeMachine.provide({
    actors: {
      submitEmail: fromPromise<{ id: number }, ComposeInput>(async ({ input }) => {
        calls.submit(input);
        if (options.failSend) throw Object.assign(new Error('Down'), { status: 503 });
        return { id: 77 };
      }),
    },
  });
  const logic = mailboxMachine.provide({
    actors: {
      loadMails: fromPromise<Email[], LoadMailsInput>(async () => emails),
      loadMeta: fromPromise<EmailMeta>(async () => ({
        ...META,
        unreadMails: { ...META.unreadMails, folder: { inbox: emails.filter((e) => e.unread).map((e) => e.id), spam: [] } },
      })),
      loadTags: fromPromise<EmailTag[]>(async () => [{ text: 'Company', value: 'company', color: 'primary' }]),
      markUnread,
      moveMails: ok(() => undefined),
      updateLabels: ok(() => undefined),
      setStarred: ok(() => undefined),
      emailMachine: emailMachine.provide({
        actors: {
          markUnread,
          moveMails: ok(() => undefined),
          updateLabels: ok(() => undefined),
          setStarred: ok(() => undefined),
          setLabels: ok(() => undefined),
          composeMachine: compose,
        },
      }),
      composeMachine: compose,
    },
  });
  return { logic, calls };
}

describe('MailDetail', () => {
  it('opening an email marks it read and shows the sanitized message, its attachments and the collapsed earlier reply', async () => {
    const user = userEvent.setup();
    const { logic, calls } = fakeLogic();
    renderWithProviders(<EmailRoute logic={logic} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Overdue invoice — .*, unread/ }));
    expect(await screen.findByRole('heading', { name: 'Overdue invoice' })).toHaveFocus();
    expect(calls.markUnread).toHaveBeenCalledWith({ emailIds: [5], unreadFlag: false });
    await waitFor(() => expect(screen.getByRole('link', { name: /^Inbox/ })).not.toHaveTextContent(/unread/));

    const message = screen.getByRole('article', { name: 'Message from Billing Notice' });
    expect(within(message).getByText('Pay now.')).toBeInTheDocument();
    expect(message.querySelector('script, [onerror]')).toBeNull();
    expect(within(message).getByText('Statement')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect(within(message).getByText('statement.pdf')).toBeInTheDocument();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();

    // The earlier reply is one line until expanded.
    expect(screen.queryByRole('article', { name: 'Message from Ulysses User' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the message from Ulysses User' }));
    expect(screen.getByRole('article', { name: 'Message from Ulysses User' })).toHaveTextContent('Earlier one');

    // Escape from inside the email goes back to the list, and focus returns to the row of the email.
    screen.getByRole('button', { name: 'Back to the list' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: /^(?!.*, unread).*Overdue invoice — / })).toHaveFocus());
  });

  it('a failed reply keeps what was typed and says so; Escape does not drop it', async () => {
    const user = userEvent.setup();
    const { logic, calls } = fakeLogic({ failSend: true });
    renderWithProviders(<EmailRoute logic={logic} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Overdue invoice — / }));
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const form = screen.getByRole('form', { name: 'Reply' });
    expect(within(form).getByRole('textbox', { name: 'To' })).toHaveValue('maya.chen@northwind.example');
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Overdue invoice');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'I already paid.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The email was not sent');
    expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveValue('I already paid.');
    expect(calls.submit).toHaveBeenCalledWith(expect.objectContaining({ replyTo: 5, message: '<p>I already paid.</p>' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('form', { name: 'Reply' })).toBeInTheDocument();
  });

  it("the current folder's link goes back to the list", async () => {
    const user = userEvent.setup();
    const { logic } = fakeLogic();
    renderWithProviders(<EmailRoute logic={logic} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Overdue invoice — / }));
    await screen.findByRole('heading', { name: 'Overdue invoice' });
    await user.click(screen.getByRole('link', { name: /^Inbox/ }));
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overdue invoice' })).not.toBeInTheDocument();
  });

  it('the opened email is in the URL: opening pushes /apps/email/inbox/<id>, Back closes it, the back button goes to the folder', async () => {
    const user = userEvent.setup();
    const { logic } = fakeLogic();
    const { location } = renderWithProviders(<EmailRoute logic={logic} />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Overdue invoice — / }));
    await screen.findByRole('heading', { name: 'Overdue invoice' });
    expect(location.history.at(-1)).toBe('/apps/email/inbox/5');

    // Back: the URL goes back to the folder without the machine doing it; the email closes.
    act(() => location.navigate('/apps/email/inbox', { replace: true }));
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overdue invoice' })).not.toBeInTheDocument();

    // Forward: the email opens again.
    act(() => location.navigate('/apps/email/inbox/5'));
    expect(await screen.findByRole('heading', { name: 'Overdue invoice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/apps/email/inbox');
  });

  it('a deep link opens the email; an unknown id says so and shows the folder', async () => {
    const { logic } = fakeLogic();
    const deep = renderWithProviders(<EmailRoute logic={logic} />, { path: '/apps/email/inbox/5' });
    expect(await screen.findByRole('heading', { name: 'Overdue invoice' })).toHaveFocus();
    deep.unmount();

    const { location } = renderWithProviders(<EmailRoute logic={fakeLogic().logic} />, { path: '/apps/email/inbox/999' });
    expect(await screen.findByText('This email is not in this folder any more.')).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/apps/email/inbox'));
    expect(screen.getByRole('list', { name: 'Inbox' })).toBeInTheDocument();
  });
});
