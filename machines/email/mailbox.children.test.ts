import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { composeMachine } from './compose.machine';
import { emailMachine, type MarkUnreadInput } from './email.machine';
import { mailboxMachine, type LoadMailsInput, type MailboxNotice, type ShowLocationParams } from './mailbox.machine';
import { anEmail } from '../testing/fixtures';
import type { Email, EmailMeta, EmailTag } from './types';
import { TAGS, META, inbox, type Plan, startWith, loaded, emailActor } from './mailbox.test-support';

const start = (plan?: Plan, filter?: 'inbox' | 'draft') =>
  startWith((l) => ({ loadMails: vi.fn(l.loadMails), loadMeta: vi.fn(l.loadMeta), loadTags: vi.fn(l.loadTags) }), plan, filter);

describe('mailboxMachine: one actor per opened email', () => {
  it('opening spawns email-<id>, which marks it read; the list and the inbox count follow', async () => {
    const { actor, calls, loadMeta } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 3 });
    expect(actor.getSnapshot().context.openedId).toBe(3);
    expect(emailActor(actor, 3)?.id).toBe('email-3');
    expect(actor.getSnapshot().context.emails[0]?.unread).toBe(false);
    expect(actor.getSnapshot().context.meta?.unreadMails.folder.inbox).toEqual([1]);
    expect(actor.getSnapshot().context.meta?.unreadMails.label.company).toEqual([1]);
    // The counts are not read again while the write is under way (that read could answer the old counts)…
    expect(loadMeta).toHaveBeenCalledTimes(1);
    const opened = emailActor(actor, 3);
    if (opened) await waitFor(opened, (s) => s.matches({ flags: 'idle' }));
    // …but once it is stored.
    await waitFor(actor, (s) => s.matches({ meta: 'ready' }));
    expect(calls).toEqual([{ actor: 'email.markUnread', input: { emailIds: [3], unreadFlag: false } }]);
    expect(loadMeta).toHaveBeenCalledTimes(2);
  });

  it('opening another email stops the first actor; close stops it too; unknown ids are ignored', async () => {
    const { actor } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    actor.send({ type: 'mailbox.open', id: 1 });
    expect(emailActor(actor, 2)).toBeUndefined();
    expect(emailActor(actor, 1)).toBeDefined();
    actor.send({ type: 'mailbox.open', id: 404 });
    expect(actor.getSnapshot().context.openedId).toBe(1);
    actor.send({ type: 'mailbox.close' });
    expect(actor.getSnapshot().context).toMatchObject({ openedId: null, lastOpenedId: 1 });
    expect(emailActor(actor, 1)).toBeUndefined();
  });

  it('a change in the email actor updates the row', async () => {
    const { actor } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    emailActor(actor, 2)?.send({ type: 'email.label.toggle', label: 'private' });
    expect(actor.getSnapshot().context.emails[1]?.labels).toEqual(['company', 'private']);
  });

  it('moving the opened email removes it from the list, closes it and tells', async () => {
    const { actor, notices } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    emailActor(actor, 2)?.send({ type: 'email.move', folder: 'trash' });
    await waitFor(actor, (s) => s.context.openedId === null);
    expect(actor.getSnapshot().context.emails.map((e) => e.id)).toEqual([3, 1]);
    expect(emailActor(actor, 2)).toBeUndefined();
    expect(notices).toContainEqual({ type: 'notice', tone: 'success', key: 'moved' });
  });

  it('marking the opened email unread keeps it in the list as unread and closes it', async () => {
    const { actor, notices } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    emailActor(actor, 2)?.send({ type: 'email.markUnread' });
    await waitFor(actor, (s) => s.context.openedId === null);
    expect(actor.getSnapshot().context.emails[1]).toMatchObject({ id: 2, unread: true });
    expect(notices).toContainEqual({ type: 'notice', tone: 'success', key: 'markedUnread' });
  });

  it('a reply sent from the email actor joins the row, reloads the counts once and tells', async () => {
    const { actor, loadMeta, notices } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    const email = emailActor(actor, 2);
    email?.send({ type: 'email.reply.open' });
    const composer = email?.getSnapshot().children['replyComposer'] as ActorRefFrom<typeof composeMachine> | undefined;
    composer?.send({ type: 'compose.send' });
    await waitFor(actor, (s) => s.context.emails[1]?.replies.length === 1);
    await waitFor(actor, (s) => s.matches({ meta: 'ready' }));
    expect(loadMeta).toHaveBeenCalledTimes(2);
    expect(notices).toEqual([{ type: 'notice', tone: 'success', key: 'sent' }]);
  });

  it('a refused change in the email actor becomes a notice', async () => {
    const { actor, notices } = start({ mutation: 'fail' });
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 2 });
    emailActor(actor, 2)?.send({ type: 'email.star.toggle' });
    await waitFor(actor, () => notices.length > 0);
    expect(notices).toEqual([{ type: 'notice', tone: 'error', key: 'emailFailed', action: 'star' }]);
  });
});

describe('mailboxMachine: composer', () => {
  it('closed → open → closed (discard)', async () => {
    const { actor } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.compose.open' });
    expect(actor.getSnapshot().matches({ composer: 'open' })).toBe(true);
    expect(actor.getSnapshot().children['compose']).toBeDefined();
    actor.send({ type: 'mailbox.compose.close' });
    expect(actor.getSnapshot().matches({ composer: 'closed' })).toBe(true);
  });

  it('sending closes the composer, tells, and reloads list and counts', async () => {
    const { actor, calls, notices, loadMails } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.compose.open' });
    const compose = actor.getSnapshot().children['compose'] as ActorRefFrom<typeof composeMachine>;
    compose.send({ type: 'compose.change', field: 'to', value: 'a@x.example' });
    compose.send({ type: 'compose.send' });
    await waitFor(actor, (s) => s.matches({ composer: 'closed' }));
    expect(calls).toEqual([
      { actor: 'submitEmail', input: { to: ['a@x.example'], cc: [], bcc: [], subject: '', message: '', draft: false } },
    ]);
    expect(notices).toEqual([{ type: 'notice', tone: 'success', key: 'sent' }]);
    await loaded(actor);
    expect(loadMails).toHaveBeenCalledTimes(2);
  });

  it('opening a draft continues it in the composer instead of reading it', async () => {
    const draft = anEmail({ id: 8, mailFolder: 'draft', unread: false, to: ['a@x.example'], cc: ['b@x.example'], subject: 'Plan' });
    const { actor, calls, notices } = start({ loadMails: async () => [draft] }, 'draft');
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 8 });
    expect(actor.getSnapshot().context.openedId).toBeNull();
    const compose = actor.getSnapshot().children['compose'] as ActorRefFrom<typeof composeMachine>;
    expect(compose.getSnapshot().context).toMatchObject({ draftId: 8, fields: { to: 'a@x.example', cc: 'b@x.example', subject: 'Plan' } });
    compose.send({ type: 'compose.saveDraft' });
    await waitFor(actor, (s) => s.matches({ composer: 'closed' }));
    expect(calls[0]?.input).toMatchObject({ draft: true, draftId: 8 });
    expect(notices).toEqual([{ type: 'notice', tone: 'success', key: 'draftSaved' }]);
  });
});

describe('mailboxMachine: the URL in and out', () => {
  function routed(openId: number | null = null, emails: () => Email[] = inbox) {
    const shown: ShowLocationParams[] = [];
    const notices: MailboxNotice[] = [];
    const machine = mailboxMachine.provide({
      actions: { showLocation: (_, params: ShowLocationParams) => void shown.push(params) },
      actors: {
        loadMails: fromPromise<Email[], LoadMailsInput>(async () => emails()),
        loadMeta: fromPromise<EmailMeta>(async () => META),
        loadTags: fromPromise<EmailTag[]>(async () => TAGS),
        emailMachine: emailMachine.provide({
          actors: { markUnread: fromPromise<unknown, MarkUnreadInput>(async () => undefined) },
        }),
      },
    });
    const actor = createActor(machine, { input: { filter: 'inbox', openId, me: { email: 'user@acme.example', name: 'Ulysses User' } } });
    actor.on('notice', (n) => notices.push(n));
    actor.start();
    return { actor, shown, notices };
  }

  it('opening and closing push the email’s URL and the folder’s', async () => {
    const { actor, shown } = routed();
    await loaded(actor);
    actor.send({ type: 'mailbox.open', id: 3 });
    expect(actor.getSnapshot().context.openedId).toBe(3);
    actor.send({ type: 'mailbox.close' });
    expect(shown).toEqual([
      { path: '/apps/email/inbox/3', replace: false },
      { path: '/apps/email/inbox', replace: false },
    ]);
  });

  it('a location from the URL (Back, Forward, a link) opens and closes without pushing anything', async () => {
    const { actor, shown } = routed();
    await loaded(actor);
    actor.send({ type: 'mailbox.location', filter: 'inbox', openId: 2 });
    expect(actor.getSnapshot().context.openedId).toBe(2);
    actor.send({ type: 'mailbox.location', filter: 'inbox', openId: 2 });
    expect(actor.getSnapshot().context.openedId).toBe(2);
    actor.send({ type: 'mailbox.location', filter: 'inbox', openId: null });
    expect(actor.getSnapshot().context.openedId).toBeNull();
    expect(shown).toEqual([]);
  });

  it('a deep link opens its email once the list has loaded', async () => {
    const { actor, shown } = routed(1);
    await waitFor(actor, (s) => s.context.openedId === 1);
    expect(actor.getSnapshot().children['email-1']).toBeDefined();
    expect(actor.getSnapshot().context.pendingOpenId).toBeNull();
    expect(shown).toEqual([]);
  });

  it('another folder with an email: the new folder loads, then the email opens', async () => {
    const { actor } = routed();
    await loaded(actor);
    actor.send({ type: 'mailbox.location', filter: 'sent', openId: 2 });
    expect(actor.getSnapshot().context.filter).toBe('sent');
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    await waitFor(actor, (s) => s.context.openedId === 2);
  });

  it('an email that is not in the folder: a notice, and the URL is replaced by the folder’s', async () => {
    const { actor, shown, notices } = routed(99);
    await loaded(actor);
    expect(actor.getSnapshot().context.openedId).toBeNull();
    expect(notices).toContainEqual({ type: 'notice', tone: 'error', key: 'emailNotFound' });
    expect(shown).toEqual([{ path: '/apps/email/inbox', replace: true }]);
  });

  it('an opened email that leaves the folder replaces its URL by the folder’s (Back does not lead to it)', async () => {
    const { actor, shown } = routed(3);
    await waitFor(actor, (s) => s.context.openedId === 3);
    actor.send({ type: 'email.left', id: 3, reason: 'moved' });
    expect(actor.getSnapshot().context.openedId).toBeNull();
    expect(shown).toEqual([{ path: '/apps/email/inbox', replace: true }]);
  });
});
