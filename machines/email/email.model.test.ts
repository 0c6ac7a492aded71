import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { emailMachine } from './email.machine';
import { makeEmail } from './test-fixtures';
const machine = emailMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { email: makeEmail(), me: { email: 'user@acme.example', name: 'User' } },
  events: [
    { type: 'email.label.toggle', label: 'private' },
    { type: 'email.labels.set', labels: ['company', 'important'] },
    { type: 'email.move', folder: 'trash' },
    { type: 'xstate.done.actor.markRead', output: makeEmail({ unread: false }) },
    { type: 'xstate.error.actor.markRead', error: new Error('offline') },
    { type: 'xstate.error.actor.setStarred', error: new Error('offline') },
    { type: 'xstate.error.actor.updateLabels', error: new Error('offline') },
    { type: 'xstate.error.actor.setLabels', error: new Error('offline') },
    { type: 'xstate.error.actor.moveMails', error: new Error('offline') },
    { type: 'xstate.error.actor.markUnread', error: new Error('offline') },
    { type: 'xstate.done.actor.replyComposer', output: { outcome: 'sent', id: 8, sent: { to: ['maya.chen@northwind.example'], cc: [], bcc: [], subject: 'Re: Quarterly review', message: '<p>Thanks</p>', draft: false } } },
  ],
  actions: { notifyUpdated: () => {}, reportFailure: () => {}, reportLeft: () => {}, reportReplied: () => {} },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, email: snapshot.context.email }),
};

describe('email machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
