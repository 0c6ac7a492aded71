import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { anEmail } from '../testing/fixtures';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { emailMachine } from './email.machine';
const machine = emailMachine;

const ME = { email: 'user@acme.example', name: 'User' };

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { email: anEmail({ unread: true }), me: ME },
  events: [
    { type: 'email.label.toggle', label: 'private' },
    { type: 'email.labels.set', labels: ['company', 'important'] },
    { type: 'email.move', folder: 'trash' },
    { type: 'xstate.done.actor.markRead', output: anEmail({ unread: false }) },
    { type: 'xstate.error.actor.markRead', error: new Error('offline') },
    { type: 'xstate.error.actor.setStarred', error: new Error('offline') },
    { type: 'xstate.error.actor.updateLabels', error: new Error('offline') },
    { type: 'xstate.error.actor.setLabels', error: new Error('offline') },
    { type: 'xstate.error.actor.moveMails', error: new Error('offline') },
    { type: 'xstate.error.actor.markUnread', error: new Error('offline') },
    {
      type: 'xstate.done.actor.replyComposer',
      output: {
        outcome: 'sent',
        id: 8,
        sent: {
          to: ['maya.chen@northwind.example'],
          cc: [],
          bcc: [],
          subject: 'Re: Quarterly review',
          message: '<p>Thanks</p>',
          draft: false,
        },
      },
    },
  ],
  // Driven alone, the email has no mailbox to report to (email.machine.test.ts checks the reports).
  actions: { notifyUpdated: () => {}, notifyStored: () => {}, reportFailure: () => {}, reportLeft: () => {}, reportReplied: () => {} },
  // What the view shows of the email; a sent reply only counts as "has replies" (each one adds a reply).
  serializeState: (snapshot) => {
    const { email } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      unread: email.unread,
      starred: email.isStarred,
      labels: email.labels,
      folder: email.mailFolder,
      replied: email.replies.length > 0,
    });
  },
};

/** An email opened when already read: nothing to mark. */
const read: WalkConfig<typeof machine> = { ...walk, input: { email: anEmail({ unread: false }), me: ME } };

describe('email machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('opens an email already read without marking it', async () => {
    await runPath(read, { description: '(initial state)', steps: [] }, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
