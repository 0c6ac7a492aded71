import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { anEmail } from '../testing/fixtures';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { emailMachine } from './email.machine';
import { mailboxMachine, type MailboxContext } from './mailbox.machine';
import type { EmailMeta } from './types';
const machine = mailboxMachine;

const ME = { email: 'user@acme.example', name: 'User' };
// Read emails: an opened one (a real email actor) has nothing to report until the walk says so.
const INBOX = [anEmail({ unread: false }), anEmail({ id: 9, unread: false, mailFolder: 'draft' })];
const META: EmailMeta = {
  unreadMails: { folder: { inbox: [], spam: [] }, label: { personal: [], company: [], important: [], private: [] } },
  draftMails: [],
};
const SENT = {
  outcome: 'sent',
  id: 8,
  sent: { to: ['maya.chen@northwind.example'], cc: [], bcc: [], subject: 'Hello', message: '<p>Hi</p>', draft: false },
};

/** The mailbox's regions, by what each one answers to: the list (with the emails it opens) and the side regions. */
const SIDE_EVENTS = [
  'mailbox.meta.reload',
  'mailbox.tags.retry',
  'mailbox.compose.open',
  'mailbox.compose.close',
  'xstate.done.actor.loadMeta',
  'xstate.error.actor.loadMeta',
  'xstate.done.actor.loadTags',
  'xstate.error.actor.loadTags',
  'xstate.done.actor.compose',
];

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MailboxContext;
const valueOf = (snapshot: AnyMachineSnapshot) => snapshot.value as Record<string, unknown>;

/**
 * The list region: folders, search, the URL, selection, bulk changes, stars, opened emails and their reports.
 * The side regions (counts, tags, composer) run along but are not part of what makes two states differ here.
 */
const list: WalkConfig<typeof machine> = {
  machine,
  input: { filter: 'inbox', me: ME },
  actors: { emailMachine },
  skip: SIDE_EVENTS,
  events: [
    { type: 'xstate.done.actor.loadMails', output: INBOX },
    { type: 'xstate.done.actor.loadMails', output: [] },
    { type: 'xstate.error.actor.loadMails', error: new Error('offline') },
    { type: 'xstate.error.actor.setStarred', error: new Error('offline') },
    { type: 'xstate.error.actor.bulkMove', error: new Error('offline') },
    { type: 'xstate.error.actor.bulkLabel', error: new Error('offline') },
    { type: 'xstate.error.actor.bulkMarkUnread', error: new Error('offline') },
    { type: 'email.failed', id: 7, action: 'star' },
    { type: 'email.stored', id: 7 },
    { type: 'email.left', id: 7, reason: 'moved' },
    { type: 'email.replied', id: 7, outcome: 'sent' },
    { type: 'email.updated', email: anEmail({ unread: false, isStarred: true }) },
    { type: 'mailbox.bulk', action: { kind: 'move', folder: 'trash' } },
    { type: 'mailbox.bulk', action: { kind: 'label', label: 'private' } },
    { type: 'mailbox.bulk', action: { kind: 'markUnread', unread: true } },
    { type: 'mailbox.filter', filter: 'starred' },
    { type: 'mailbox.open', id: 7 },
    { type: 'mailbox.open', id: 9 },
    { type: 'mailbox.location', filter: 'inbox', openId: null },
    { type: 'mailbox.location', filter: 'inbox', openId: 7 },
    { type: 'mailbox.location', filter: 'inbox', openId: 5 },
    { type: 'mailbox.location', filter: 'starred', openId: null },
    { type: 'mailbox.search', query: 'review' },
    { type: 'mailbox.select.toggle', id: 7 },
    { type: 'mailbox.star.toggle', id: 7 },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify({
      list: valueOf(snapshot).list,
      n: c.emails.length,
      selected: c.selectedIds.length,
      opened: c.openedId,
      pending: c.pendingOpenId,
      filter: c.filter,
    });
  },
};

/** The side regions: the counts, the tag list and the composer (the list runs along, unexamined). */
const side: WalkConfig<typeof machine> = {
  machine,
  input: { filter: 'inbox', me: ME },
  skip: machine.events.filter((type) => !SIDE_EVENTS.includes(type)),
  events: [
    { type: 'xstate.done.actor.loadMeta', output: META },
    { type: 'xstate.error.actor.loadMeta', error: new Error('offline') },
    { type: 'xstate.done.actor.loadTags', output: [] },
    { type: 'xstate.error.actor.loadTags', error: new Error('offline') },
    { type: 'xstate.done.actor.compose', output: SENT },
    { type: 'mailbox.compose.open' },
    { type: 'mailbox.compose.open', draft: anEmail({ id: 9, mailFolder: 'draft' }) },
  ],
  serializeState: (snapshot) => {
    const { meta, tags, composer } = valueOf(snapshot);
    return JSON.stringify({ meta, tags, composer, draft: contextOf(snapshot).composeInput.draftId ?? null });
  },
};

describe('mailbox machine: model walk over its real graph', () => {
  it.each(planWalk(list))('list: $description', async (path) => {
    await runPath(list, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it.each(planWalk(side))('side regions: $description', async (path) => {
    await runPath(side, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
