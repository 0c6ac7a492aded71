import { assign, fromPromise, sendParent, setup } from 'xstate';
import { composeMachine, type ComposeMachineInput, type ComposeOutput } from './compose.machine';
import type { Email, EmailLabel, MailFolder } from './types';

/** The signed-in person, who writes the replies. */
export interface Me {
  email: string;
  name: string;
}

export interface EmailActorInput {
  email: Email;
  me: Me;
}

export interface EmailContext {
  email: Email;
  me: Me;
  /** The email before an optimistic change, to roll back when the server refuses. */
  before: Email | null;
  /** Where a move in progress goes. */
  moveTo: MailFolder | null;
  /** The label a toggle in progress flips. */
  labelToToggle: EmailLabel | null;
}

export type EmailEvent =
  | { type: 'email.star.toggle' }
  | { type: 'email.label.toggle'; label: EmailLabel }
  | { type: 'email.labels.set'; labels: EmailLabel[] }
  | { type: 'email.move'; folder: MailFolder }
  | { type: 'email.markUnread' }
  | { type: 'email.reply.open' }
  | { type: 'email.reply.close' };

/** What an email actor tells the mailbox that spawned it. */
export type EmailReport =
  | { type: 'email.updated'; email: Email }
  /** The server stored the change `email.updated` showed ahead of it: counts read now include it. */
  | { type: 'email.stored'; id: number }
  | { type: 'email.left'; id: number; reason: 'moved' | 'markedUnread' }
  | { type: 'email.failed'; id: number; action: EmailAction }
  | { type: 'email.replied'; id: number; outcome: ComposeOutput['outcome'] };

export type EmailAction = 'markRead' | 'star' | 'label' | 'move' | 'markUnread';

export interface MarkUnreadInput {
  emailIds: number[];
  unreadFlag: boolean;
}
export interface SetStarredInput {
  mailId: number;
  value: boolean;
}
export interface UpdateLabelsInput {
  emailIds: number[];
  label: EmailLabel;
}
export interface SetLabelsInput {
  mailId: number;
  labels: EmailLabel[];
}
export interface MoveMailsInput {
  emailIds: number[];
  mailFolder: MailFolder;
}

const toggled = (labels: EmailLabel[], label: EmailLabel) =>
  labels.includes(label) ? labels.filter((l) => l !== label) : [...labels, label];

/** The reply composer's starting point: answer the other party of the thread. */
export function replyInput(email: Email): ComposeMachineInput {
  const to = email.mailFolder === 'sent' ? email.to : [email.sender];
  const subject = /^re:/i.test(email.subject) ? email.subject : `Re: ${email.subject}`;
  return { fields: { to: to.join(', '), subject }, replyTo: email.id };
}

/**
 * One opened email (spawned by the mailbox as `email-<id>`). Opening marks it read; star and label
 * changes apply at once and roll back when the server refuses; moving and marking unread take it out of view.
 */
export const emailMachine = setup({
  types: {
    context: {} as EmailContext,
    events: {} as EmailEvent,
    input: {} as EmailActorInput,
  },
  actors: {
    markUnread: fromPromise<unknown, MarkUnreadInput>(async () => {
      throw new Error('markUnread not provided');
    }),
    setStarred: fromPromise<unknown, SetStarredInput>(async () => {
      throw new Error('setStarred not provided');
    }),
    updateLabels: fromPromise<unknown, UpdateLabelsInput>(async () => {
      throw new Error('updateLabels not provided');
    }),
    setLabels: fromPromise<unknown, SetLabelsInput>(async () => {
      throw new Error('setLabels not provided');
    }),
    moveMails: fromPromise<unknown, MoveMailsInput>(async () => {
      throw new Error('moveMails not provided');
    }),
    composeMachine,
  },
  guards: {
    isUnread: ({ context }) => context.email.unread,
  },
  actions: {
    rememberEmail: assign({ before: ({ context }) => context.email }),
    rollBack: assign(({ context }) => ({ email: context.before ?? context.email, before: null })),
    forgetBefore: assign({ before: null }),
    applyRead: assign({ email: ({ context }) => ({ ...context.email, unread: false }) }),
    applyStarToggle: assign({ email: ({ context }) => ({ ...context.email, isStarred: !context.email.isStarred }) }),
    applyLabelToggle: assign({
      email: ({ context }) =>
        context.labelToToggle ? { ...context.email, labels: toggled(context.email.labels, context.labelToToggle) } : context.email,
    }),
    applyLabels: assign({
      email: ({ context, event }) =>
        event.type === 'email.labels.set' ? { ...context.email, labels: [...new Set(event.labels)] } : context.email,
    }),
    notifyUpdated: sendParent(({ context }): EmailReport => ({ type: 'email.updated', email: context.email })),
    notifyStored: sendParent(({ context }): EmailReport => ({ type: 'email.stored', id: context.email.id })),
    reportFailure: sendParent(({ context }, params: { action: EmailAction }): EmailReport => ({
      type: 'email.failed',
      id: context.email.id,
      action: params.action,
    })),
    reportLeft: sendParent(({ context }, params: { reason: 'moved' | 'markedUnread' }): EmailReport => ({
      type: 'email.left',
      id: context.email.id,
      reason: params.reason,
    })),
    reportReplied: sendParent(({ context }, params: { outcome: ComposeOutput['outcome'] }): EmailReport => ({
      type: 'email.replied',
      id: context.email.id,
      outcome: params.outcome,
    })),
    appendReply: assign({
      email: ({ context }, output: ComposeOutput) => {
        if (output.outcome !== 'sent') return context.email;
        const reply: Email = {
          id: output.id,
          sender: context.me.email,
          sender_name: context.me.name,
          to: output.sent.to,
          cc: output.sent.cc,
          bcc: output.sent.bcc,
          img: '',
          subject: output.sent.subject,
          message: output.sent.message,
          attachments: [],
          isStarred: false,
          labels: [],
          time: new Date().toISOString(),
          replies: [],
          mailFolder: '',
          unread: false,
        };
        return { ...context.email, replies: [...context.email.replies, reply] };
      },
    }),
  },
}).createMachine({
  id: 'email',
  context: ({ input }) => ({ email: input.email, me: input.me, before: null, moveTo: null, labelToToggle: null }),
  type: 'parallel',
  states: {
    flags: {
      initial: 'opening',
      states: {
        opening: {
          always: [{ guard: 'isUnread', target: 'markingRead' }, { target: 'idle' }],
        },
        markingRead: {
          entry: ['rememberEmail', 'applyRead', 'notifyUpdated'],
          invoke: {
            id: 'markRead',
            src: 'markUnread',
            input: ({ context }) => ({ emailIds: [context.email.id], unreadFlag: false }),
            onDone: { target: 'idle', actions: ['forgetBefore', 'notifyStored'] },
            onError: { target: 'idle', actions: ['rollBack', 'notifyUpdated', { type: 'reportFailure', params: { action: 'markRead' } }] },
          },
        },
        idle: {
          on: {
            'email.star.toggle': { target: 'starring' },
            'email.label.toggle': { target: 'labelling', actions: assign({ labelToToggle: ({ event }) => event.label }) },
            'email.labels.set': { target: 'settingLabels' },
            'email.move': { target: 'moving', actions: assign({ moveTo: ({ event }) => event.folder }) },
            'email.markUnread': { target: 'markingUnread' },
          },
        },
        starring: {
          entry: ['rememberEmail', 'applyStarToggle', 'notifyUpdated'],
          invoke: {
            id: 'setStarred',
            src: 'setStarred',
            input: ({ context }) => ({ mailId: context.email.id, value: context.email.isStarred }),
            onDone: { target: 'idle', actions: ['forgetBefore', 'notifyStored'] },
            onError: { target: 'idle', actions: ['rollBack', 'notifyUpdated', { type: 'reportFailure', params: { action: 'star' } }] },
          },
        },
        labelling: {
          entry: ['rememberEmail', 'applyLabelToggle', 'notifyUpdated'],
          invoke: {
            id: 'updateLabels',
            src: 'updateLabels',
            input: ({ context }) => ({ emailIds: [context.email.id], label: context.labelToToggle ?? 'personal' }),
            onDone: { target: 'idle', actions: ['forgetBefore', 'notifyStored'] },
            onError: { target: 'idle', actions: ['rollBack', 'notifyUpdated', { type: 'reportFailure', params: { action: 'label' } }] },
          },
        },
        settingLabels: {
          entry: ['rememberEmail', 'applyLabels', 'notifyUpdated'],
          invoke: {
            id: 'setLabels',
            src: 'setLabels',
            input: ({ context }) => ({ mailId: context.email.id, labels: context.email.labels }),
            onDone: { target: 'idle', actions: ['forgetBefore', 'notifyStored'] },
            onError: { target: 'idle', actions: ['rollBack', 'notifyUpdated', { type: 'reportFailure', params: { action: 'label' } }] },
          },
        },
        moving: {
          invoke: {
            id: 'moveMails',
            src: 'moveMails',
            input: ({ context }) => ({ emailIds: [context.email.id], mailFolder: context.moveTo ?? 'inbox' }),
            onDone: {
              target: 'left',
              actions: [
                assign({ email: ({ context }) => ({ ...context.email, mailFolder: context.moveTo ?? context.email.mailFolder }) }),
                { type: 'reportLeft', params: { reason: 'moved' } },
              ],
            },
            onError: { target: 'idle', actions: [assign({ moveTo: null }), { type: 'reportFailure', params: { action: 'move' } }] },
          },
        },
        markingUnread: {
          invoke: {
            id: 'markUnread',
            src: 'markUnread',
            input: ({ context }) => ({ emailIds: [context.email.id], unreadFlag: true }),
            onDone: {
              target: 'left',
              actions: [
                assign({ email: ({ context }) => ({ ...context.email, unread: true }) }),
                { type: 'reportLeft', params: { reason: 'markedUnread' } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'reportFailure', params: { action: 'markUnread' } } },
          },
        },
        /** The email left the view; the mailbox stops this actor. */
        left: {},
      },
    },
    reply: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'email.reply.open': { target: 'open' } },
        },
        open: {
          invoke: {
            id: 'replyComposer',
            src: 'composeMachine',
            input: ({ context }) => replyInput(context.email),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'appendReply', params: ({ event }) => event.output },
                'notifyUpdated',
                // The composer sent it: the server stored it.
                'notifyStored',
                { type: 'reportReplied', params: ({ event }) => ({ outcome: event.output.outcome }) },
              ],
            },
          },
          on: { 'email.reply.close': { target: 'closed' } },
        },
      },
    },
  },
});
