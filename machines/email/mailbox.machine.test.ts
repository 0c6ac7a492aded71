import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { composeMachine } from './compose.machine';
import {
  emailMachine,
  type MarkUnreadInput,
  type MoveMailsInput,
  type SetLabelsInput,
  type SetStarredInput,
  type UpdateLabelsInput,
} from './email.machine';
import { mailboxMachine, SEARCH_DEBOUNCE_MS, type LoadMailsInput, type MailboxNotice, type ShowLocationParams } from './mailbox.machine';
import { anEmail } from '../testing/fixtures';
import type { ComposeInput, Email, EmailMeta, EmailTag } from './types';

const TAGS: EmailTag[] = [{ text: 'Company', value: 'company', color: 'primary' }];
const META: EmailMeta = {
  unreadMails: { folder: { inbox: [1, 3], spam: [] }, label: { personal: [], company: [1], important: [], private: [] } },
  draftMails: [],
};
const inbox = (): Email[] => [
  anEmail({ id: 3, unread: true, subject: 'Three' }),
  anEmail({ id: 2, unread: false, subject: 'Two', isStarred: true }),
  anEmail({ id: 1, unread: true, subject: 'One' }),
];

type Outcome = 'ok' | 'fail' | 'hold';
interface Plan {
  loadMails?: (input: LoadMailsInput) => Promise<Email[]>;
  loadMeta?: () => Promise<EmailMeta>;
  loadTags?: () => Promise<EmailTag[]>;
  mutation?: Outcome;
}

function start(plan: Plan = {}, filter: 'inbox' | 'draft' = 'inbox') {
  const calls: { actor: string; input: unknown }[] = [];
  const notices: MailboxNotice[] = [];
  const mutation = <I>(name: string) =>
    fromPromise<unknown, I>(({ input }) => {
      calls.push({ actor: name, input });
      if (plan.mutation === 'fail') return Promise.reject(new Error('refused'));
      if (plan.mutation === 'hold') return new Promise(() => undefined);
      return Promise.resolve(undefined);
    });
  const loadMails = vi.fn(plan.loadMails ?? (async () => inbox()));
  const loadMeta = vi.fn(plan.loadMeta ?? (async () => META));
  const loadTags = vi.fn(plan.loadTags ?? (async () => TAGS));
  const compose = composeMachine.provide({
    actors: {
      submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input }) => {
        calls.push({ actor: 'submitEmail', input });
        return Promise.resolve({ id: 50 });
      }),
    },
  });
  const machine = mailboxMachine.provide({
    actors: {
      loadMails: fromPromise<Email[], LoadMailsInput>(({ input }) => loadMails(input)),
      loadMeta: fromPromise<EmailMeta>(() => loadMeta()),
      loadTags: fromPromise<EmailTag[]>(() => loadTags()),
      moveMails: mutation<MoveMailsInput>('moveMails'),
      updateLabels: mutation<UpdateLabelsInput>('updateLabels'),
      markUnread: mutation<MarkUnreadInput>('markUnread'),
      setStarred: mutation<SetStarredInput>('setStarred'),
      emailMachine: emailMachine.provide({
        actors: {
          markUnread: mutation<MarkUnreadInput>('email.markUnread'),
          setStarred: mutation<SetStarredInput>('email.setStarred'),
          updateLabels: mutation<UpdateLabelsInput>('email.updateLabels'),
          setLabels: mutation<SetLabelsInput>('email.setLabels'),
          moveMails: mutation<MoveMailsInput>('email.moveMails'),
          composeMachine: compose,
        },
      }),
      composeMachine: compose,
    },
  });
  const actor = createActor(machine, { input: { filter, me: { email: 'user@acme.example', name: 'Ulysses User' } } });
  actor.on('notice', (n) => notices.push(n));
  actor.start();
  return { actor, calls, notices, loadMails, loadMeta, loadTags };
}

const loaded = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ list: 'loaded', meta: 'ready' }));
const emailActor = (actor: ReturnType<typeof start>['actor'], id: number) =>
  actor.getSnapshot().children[`email-${id}`] as ActorRefFrom<typeof emailMachine> | undefined;

describe('mailboxMachine: loading', () => {
  it('loading → loaded with the list, the tags and the counts', async () => {
    const { actor, loadMails } = start();
    expect(actor.getSnapshot().matches({ list: 'loading', meta: 'loading', tags: 'loading', composer: 'closed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (x) => x.matches({ list: 'loaded', meta: 'ready', tags: 'loaded' }));
    expect(s.context.emails.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(s.context.tags).toEqual(TAGS);
    expect(s.context.meta).toEqual(META);
    expect(loadMails).toHaveBeenCalledWith({ filter: 'inbox', query: '' });
  });

  it('loading → empty when the view has no email', async () => {
    const { actor } = start({ loadMails: async () => [] });
    expect((await waitFor(actor, (s) => s.matches({ list: 'empty' }))).context.emails).toEqual([]);
  });

  it('loading → failed → retry → loaded', async () => {
    const loadMails = vi
      .fn<(i: LoadMailsInput) => Promise<Email[]>>()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValue(inbox());
    const { actor } = start({ loadMails });
    const failed = await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(failed.context.listFailure?.message).toBe('Network error');
    actor.send({ type: 'mailbox.retry' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect((await loaded(actor)).context.listFailure).toBeNull();
  });

  it('refresh reloads the list in place; meta reload refetches the counts', async () => {
    const { actor, loadMails, loadMeta } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.refresh' });
    expect(actor.getSnapshot().matches({ list: { loading: 'fetching' } })).toBe(true);
    expect(actor.getSnapshot().context.emails).toHaveLength(3);
    actor.send({ type: 'mailbox.meta.reload' });
    expect(actor.getSnapshot().matches({ meta: 'loading' })).toBe(true);
    await loaded(actor);
    expect(loadMails).toHaveBeenCalledTimes(2);
    expect(loadMeta).toHaveBeenCalledTimes(2);
  });

  it('meta and tags failures: counts stay, tags can be retried', async () => {
    const loadTags = vi.fn<() => Promise<EmailTag[]>>().mockRejectedValueOnce(new Error('x')).mockResolvedValue(TAGS);
    const { actor } = start({ loadMeta: () => Promise.reject(new Error('x')), loadTags });
    await waitFor(actor, (s) => s.matches({ meta: 'failed', tags: 'failed' }));
    actor.send({ type: 'mailbox.tags.retry' });
    await waitFor(actor, (s) => s.matches({ tags: 'loaded' }));
    expect(actor.getSnapshot().context.meta).toBeNull();
  });

  it('changing the filter clears query and selection, closes the opened email and reloads', async () => {
    const { actor, loadMails } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 2 });
    actor.send({ type: 'mailbox.open', id: 2 });
    actor.send({ type: 'mailbox.filter', filter: 'company' });
    const s = actor.getSnapshot();
    expect(s.matches({ list: 'loading' })).toBe(true);
    expect(s.context).toMatchObject({ filter: 'company', query: '', selectedIds: [], openedId: null });
    expect(emailActor(actor, 2)).toBeUndefined();
    await loaded(actor);
    expect(loadMails).toHaveBeenLastCalledWith({ filter: 'company', query: '' });
  });

  describe('search', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    it('waits for typing to pause, then loads once with the trimmed query', async () => {
      const { actor, loadMails } = start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true));
      actor.send({ type: 'mailbox.search', query: 'q' });
      actor.send({ type: 'mailbox.search', query: 'quar ' });
      expect(actor.getSnapshot().matches({ list: { loading: 'debouncing' } })).toBe(true);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 10);
      expect(loadMails).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(20);
      expect(loadMails).toHaveBeenCalledTimes(2);
      expect(loadMails).toHaveBeenLastCalledWith({ filter: 'inbox', query: 'quar' });
    });
  });
});

describe('mailboxMachine: selection and bulk changes', () => {
  it('toggles single rows, selects all, and select all again clears', async () => {
    const { actor } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 2 });
    actor.send({ type: 'mailbox.select.toggle', id: 404 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([2]);
    actor.send({ type: 'mailbox.select.all' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([3, 2, 1]);
    actor.send({ type: 'mailbox.select.all' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.select.clear' });
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
  });

  it('no bulk action without a selection', async () => {
    const { actor, calls } = start();
    await loaded(actor);
    expect(actor.getSnapshot().can({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'trash' } })).toBe(false);
    actor.send({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'trash' } });
    expect(calls).toEqual([]);
  });

  it.each([
    [
      { kind: 'move', folder: 'trash' } as const,
      'moveMails',
      { emailIds: [3, 1], mailFolder: 'trash' },
      { list: { mutating: 'moving' } } as const,
    ],
    [
      { kind: 'label', label: 'private' } as const,
      'updateLabels',
      { emailIds: [3, 1], label: 'private' },
      { list: { mutating: 'labelling' } } as const,
    ],
    [
      { kind: 'markUnread', unread: false } as const,
      'markUnread',
      { emailIds: [3, 1], unreadFlag: false },
      { list: { mutating: 'markingUnread' } } as const,
    ],
  ])('bulk %o: mutating → mutated → loading; clears the selection, reloads list and counts', async (action, name, body, state) => {
    const { actor, calls, notices, loadMails, loadMeta } = start();
    await loaded(actor);
    actor.send({ type: 'mailbox.select.toggle', id: 3 });
    actor.send({ type: 'mailbox.select.toggle', id: 1 });
    actor.send({ type: 'mailbox.bulk', action });
    expect(actor.getSnapshot().matches(state)).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ list: 'loading' }));
    expect(calls).toEqual([{ actor: name, input: body }]);
    expect(notices).toEqual([{ type: 'notice', tone: 'success', key: 'bulkDone', action: action.kind, count: 2 }]);
    expect(actor.getSnapshot().context.selectedIds).toEqual([]);
    await loaded(actor);
    expect(loadMails).toHaveBeenCalledTimes(2);
    expect(loadMeta).toHaveBeenCalledTimes(2);
  });

  it('a refused bulk change keeps the selection and tells', async () => {
    const { actor, notices } = start({ mutation: 'fail' });
    await loaded(actor);
    actor.send({ type: 'mailbox.select.all' });
    actor.send({ type: 'mailbox.bulk', action: { kind: 'move', folder: 'spam' } });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.selectedIds).toEqual([3, 2, 1]);
    expect(notices).toEqual([{ type: 'notice', tone: 'error', key: 'bulkFailed', action: 'move', count: 3 }]);
  });

  it('list star toggle: loaded → starring → loaded, optimistic; rolled back when refused', async () => {
    const ok = start();
    await loaded(ok.actor);
    ok.actor.send({ type: 'mailbox.star.toggle', id: 3 });
    expect(ok.actor.getSnapshot().matches({ list: 'starring' })).toBe(true);
    expect(ok.actor.getSnapshot().context.emails[0]?.isStarred).toBe(true);
    await waitFor(ok.actor, (s) => s.matches({ list: 'loaded' }));
    expect(ok.calls).toEqual([{ actor: 'setStarred', input: { mailId: 3, value: true } }]);

    const bad = start({ mutation: 'fail' });
    await loaded(bad.actor);
    bad.actor.send({ type: 'mailbox.star.toggle', id: 2 });
    expect(bad.actor.getSnapshot().context.emails[1]?.isStarred).toBe(false);
    await waitFor(bad.actor, (s) => s.matches({ list: 'loaded' }));
    expect(bad.actor.getSnapshot().context.emails[1]?.isStarred).toBe(true);
    expect(bad.notices).toEqual([{ type: 'notice', tone: 'error', key: 'starFailed' }]);
  });
});

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
