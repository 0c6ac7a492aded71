import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, spawnChild, waitFor, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { composeMachine } from './compose.machine';
import {
  emailMachine,
  replyInput,
  type EmailReport,
  type MarkUnreadInput,
  type MoveMailsInput,
  type SetLabelsInput,
  type SetStarredInput,
  type UpdateLabelsInput,
} from './email.machine';
import { anEmail } from '../testing/fixtures';
import type { ComposeInput, Email } from './types';

type Call = { actor: string; input: unknown };
type Outcome = 'ok' | 'fail' | 'hold';

/** Fakes for every call the email actor makes; each answers per the plan (default ok). */
function fakes(plan: Partial<Record<string, Outcome>>, calls: Call[]) {
  const fake = <I>(name: string) =>
    fromPromise<unknown, I>(({ input }) => {
      calls.push({ actor: name, input });
      const outcome = plan[name] ?? 'ok';
      if (outcome === 'fail') return Promise.reject(new Error(`${name} refused`));
      if (outcome === 'hold') return new Promise<unknown>(() => undefined);
      return Promise.resolve(undefined);
    });
  return {
    markUnread: fake<MarkUnreadInput>('markUnread'),
    setStarred: fake<SetStarredInput>('setStarred'),
    updateLabels: fake<UpdateLabelsInput>('updateLabels'),
    setLabels: fake<SetLabelsInput>('setLabels'),
    moveMails: fake<MoveMailsInput>('moveMails'),
    composeMachine: composeMachine.provide({
      actors: {
        submitEmail: fromPromise<{ id: number }, ComposeInput>(({ input }) => {
          calls.push({ actor: 'submitEmail', input });
          return plan['submitEmail'] === 'fail' ? Promise.reject(new Error('no')) : Promise.resolve({ id: 99 });
        }),
      },
    }),
  };
}

/** Spawns the email actor under a parent that records what it reports, like the mailbox does. */
function open(email: Email, plan: Partial<Record<string, Outcome>> = {}) {
  const calls: Call[] = [];
  const reports: EmailReport[] = [];
  const machine = emailMachine.provide({ actors: fakes(plan, calls) });
  const parent = setup({ actors: { emailMachine: machine } }).createMachine({
    entry: spawnChild('emailMachine', { id: 'email-7', input: { email, me: { email: 'user@acme.example', name: 'Ulysses User' } } }),
    on: { '*': { actions: ({ event }: { event: AnyEventObject }) => reports.push(event as EmailReport) } },
  });
  const root = createActor(parent).start();
  const actor = root.getSnapshot().children['email-7'] as ActorRefFrom<typeof emailMachine>;
  return { actor, calls, reports };
}

const composerOf = (actor: ActorRefFrom<typeof emailMachine>) =>
  actor.getSnapshot().children['replyComposer'] as ActorRefFrom<typeof composeMachine> | undefined;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('emailMachine: reading', () => {
  it('opening an unread email marks it read at once and on the server', async () => {
    const { actor, calls, reports } = open(anEmail({ unread: true }));
    expect(actor.getSnapshot().matches({ flags: 'markingRead' })).toBe(true);
    expect(actor.getSnapshot().context.email.unread).toBe(false);
    expect(reports[0]).toMatchObject({ type: 'email.updated', email: { id: 7, unread: false } });
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(calls).toEqual([{ actor: 'markUnread', input: { emailIds: [7], unreadFlag: false } }]);
    // Stored: the mailbox may read its counts again now.
    expect(reports.at(-1)).toEqual({ type: 'email.stored', id: 7 });
  });

  it('opening a read email makes no call', () => {
    const { actor, calls } = open(anEmail({ unread: false }));
    expect(actor.getSnapshot().matches({ flags: 'idle', reply: 'closed' })).toBe(true);
    expect(calls).toEqual([]);
  });

  it('a refused mark-read rolls back to unread and reports the failure', async () => {
    const { actor, reports } = open(anEmail({ unread: true }), { markUnread: 'fail' });
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(actor.getSnapshot().context.email.unread).toBe(true);
    expect(reports.at(-2)).toMatchObject({ type: 'email.updated', email: { unread: true } });
    expect(reports.at(-1)).toEqual({ type: 'email.failed', id: 7, action: 'markRead' });
  });
});

describe('emailMachine: flags', () => {
  it('idle → starring → idle: optimistic star, confirmed by the server', async () => {
    const { actor, calls, reports } = open(anEmail({ unread: false }));
    actor.send({ type: 'email.star.toggle' });
    expect(actor.getSnapshot().matches({ flags: 'starring' })).toBe(true);
    expect(actor.getSnapshot().context.email.isStarred).toBe(true);
    expect(reports.at(-1)).toMatchObject({ type: 'email.updated', email: { isStarred: true } });
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(calls).toEqual([{ actor: 'setStarred', input: { mailId: 7, value: true } }]);
    expect(actor.getSnapshot().context.before).toBeNull();
  });

  it('starring → idle with the star rolled back when refused', async () => {
    const { actor, reports } = open(anEmail({ unread: false, isStarred: true }), { setStarred: 'fail' });
    actor.send({ type: 'email.star.toggle' });
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(actor.getSnapshot().context.email.isStarred).toBe(true);
    expect(reports.at(-1)).toEqual({ type: 'email.failed', id: 7, action: 'star' });
  });

  it('idle → labelling: toggling a label twice adds then removes it', async () => {
    const { actor, calls } = open(anEmail({ unread: false, labels: ['company'] }));
    actor.send({ type: 'email.label.toggle', label: 'private' });
    expect(actor.getSnapshot().matches({ flags: 'labelling' })).toBe(true);
    expect(actor.getSnapshot().context.email.labels).toEqual(['company', 'private']);
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    actor.send({ type: 'email.label.toggle', label: 'private' });
    expect(actor.getSnapshot().context.email.labels).toEqual(['company']);
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(calls.map((c) => c.input)).toEqual([
      { emailIds: [7], label: 'private' },
      { emailIds: [7], label: 'private' },
    ]);
  });

  it('labelling → idle rolled back when refused', async () => {
    const { actor, reports } = open(anEmail({ unread: false, labels: ['company'] }), { updateLabels: 'fail' });
    actor.send({ type: 'email.label.toggle', label: 'company' });
    expect(actor.getSnapshot().context.email.labels).toEqual([]);
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(actor.getSnapshot().context.email.labels).toEqual(['company']);
    expect(reports.at(-1)).toEqual({ type: 'email.failed', id: 7, action: 'label' });
  });

  it('idle → settingLabels replaces the labels; rolled back when refused', async () => {
    const ok = open(anEmail({ unread: false }));
    ok.actor.send({ type: 'email.labels.set', labels: ['private', 'personal', 'private'] });
    expect(ok.actor.getSnapshot().matches({ flags: 'settingLabels' })).toBe(true);
    await waitFor(ok.actor, (s) => s.matches({ flags: 'idle' }));
    expect(ok.calls).toEqual([{ actor: 'setLabels', input: { mailId: 7, labels: ['private', 'personal'] } }]);
    const bad = open(anEmail({ unread: false }), { setLabels: 'fail' });
    bad.actor.send({ type: 'email.labels.set', labels: [] });
    await waitFor(bad.actor, (s) => s.matches({ flags: 'idle' }));
    expect(bad.actor.getSnapshot().context.email.labels).toEqual(['company']);
  });

  it('ignores a second change while one is in flight', () => {
    const { actor, calls } = open(anEmail({ unread: false }), { setStarred: 'hold' });
    actor.send({ type: 'email.star.toggle' });
    expect(actor.getSnapshot().can({ type: 'email.move', folder: 'trash' })).toBe(false);
    actor.send({ type: 'email.move', folder: 'trash' });
    expect(calls.map((c) => c.actor)).toEqual(['setStarred']);
  });
});

describe('emailMachine: leaving the view', () => {
  it('idle → moving → left, telling the mailbox it moved', async () => {
    const { actor, calls, reports } = open(anEmail({ unread: false }));
    actor.send({ type: 'email.move', folder: 'trash' });
    expect(actor.getSnapshot().matches({ flags: 'moving' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ flags: 'left' }));
    expect(calls).toEqual([{ actor: 'moveMails', input: { emailIds: [7], mailFolder: 'trash' } }]);
    expect(actor.getSnapshot().context.email.mailFolder).toBe('trash');
    expect(reports.at(-1)).toEqual({ type: 'email.left', id: 7, reason: 'moved' });
  });

  it('moving → idle when refused, still in its folder', async () => {
    const { actor, reports } = open(anEmail({ unread: false }), { moveMails: 'fail' });
    actor.send({ type: 'email.move', folder: 'spam' });
    await waitFor(actor, (s) => s.matches({ flags: 'idle' }));
    expect(actor.getSnapshot().context.email.mailFolder).toBe('inbox');
    expect(reports.at(-1)).toEqual({ type: 'email.failed', id: 7, action: 'move' });
  });

  it('idle → markingUnread → left; refused → idle', async () => {
    const ok = open(anEmail({ unread: false }));
    ok.actor.send({ type: 'email.markUnread' });
    expect(ok.actor.getSnapshot().matches({ flags: 'markingUnread' })).toBe(true);
    await waitFor(ok.actor, (s) => s.matches({ flags: 'left' }));
    expect(ok.calls).toEqual([{ actor: 'markUnread', input: { emailIds: [7], unreadFlag: true } }]);
    expect(ok.reports.at(-1)).toEqual({ type: 'email.left', id: 7, reason: 'markedUnread' });

    const bad = open(anEmail({ unread: false }), { markUnread: 'fail' });
    bad.actor.send({ type: 'email.markUnread' });
    await waitFor(bad.actor, (s) => s.matches({ flags: 'idle' }));
    expect(bad.reports.at(-1)).toEqual({ type: 'email.failed', id: 7, action: 'markUnread' });
  });
});

describe('emailMachine: replying', () => {
  it('replyInput answers the sender, or the recipients of a sent mail, with one "Re:"', () => {
    expect(replyInput(anEmail())).toEqual({ fields: { to: 'maya.chen@northwind.example', subject: 'Re: Quarterly review' }, replyTo: 7 });
    expect(replyInput(anEmail({ mailFolder: 'sent', to: ['a@x.example', 'b@x.example'], subject: 'RE: x' })).fields).toEqual({
      to: 'a@x.example, b@x.example',
      subject: 'RE: x',
    });
  });

  it('closed → open → closed on cancel, while flags keep working', async () => {
    const { actor } = open(anEmail({ unread: false }));
    actor.send({ type: 'email.reply.open' });
    expect(actor.getSnapshot().matches({ reply: 'open' })).toBe(true);
    const composer = composerOf(actor);
    expect(composer?.getSnapshot().context.fields.to).toBe('maya.chen@northwind.example');
    actor.send({ type: 'email.star.toggle' });
    expect(actor.getSnapshot().matches({ flags: 'starring', reply: 'open' })).toBe(true);
    actor.send({ type: 'email.reply.close' });
    expect(actor.getSnapshot().matches({ reply: 'closed' })).toBe(true);
    await settle();
  });

  it('sending the reply appends it to the thread and tells the mailbox', async () => {
    const { actor, calls, reports } = open(anEmail({ unread: false }));
    actor.send({ type: 'email.reply.open' });
    const composer = composerOf(actor);
    composer?.send({ type: 'compose.change', field: 'message', value: 'Thanks!' });
    composer?.send({ type: 'compose.send' });
    await waitFor(actor, (s) => s.matches({ reply: 'closed' }));
    expect(calls.at(-1)).toEqual({
      actor: 'submitEmail',
      input: {
        to: ['maya.chen@northwind.example'],
        cc: [],
        bcc: [],
        subject: 'Re: Quarterly review',
        message: '<p>Thanks!</p>',
        draft: false,
        replyTo: 7,
      },
    });
    const thread = actor.getSnapshot().context.email.replies;
    expect(thread.at(-1)).toMatchObject({
      id: 99,
      sender: 'user@acme.example',
      sender_name: 'Ulysses User',
      message: '<p>Thanks!</p>',
      mailFolder: '',
    });
    expect(reports.at(-1)).toEqual({ type: 'email.replied', id: 7, outcome: 'sent' });
  });

  it('a reply saved as a draft does not join the thread', async () => {
    const { actor, reports } = open(anEmail({ unread: false }));
    actor.send({ type: 'email.reply.open' });
    composerOf(actor)?.send({ type: 'compose.saveDraft' });
    await waitFor(actor, (s) => s.matches({ reply: 'closed' }));
    expect(actor.getSnapshot().context.email.replies).toEqual([]);
    expect(reports.at(-1)).toEqual({ type: 'email.replied', id: 7, outcome: 'saved' });
  });

  it('a failed reply keeps the composer open with the text', async () => {
    const { actor } = open(anEmail({ unread: false }), { submitEmail: 'fail' });
    actor.send({ type: 'email.reply.open' });
    const composer = composerOf(actor);
    composer?.send({ type: 'compose.change', field: 'message', value: 'Draft text' });
    composer?.send({ type: 'compose.send' });
    await settle();
    expect(actor.getSnapshot().matches({ reply: 'open' })).toBe(true);
    expect(composer?.getSnapshot().matches('failed')).toBe(true);
    expect(composer?.getSnapshot().context.fields.message).toBe('Draft text');
  });
});
