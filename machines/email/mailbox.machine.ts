import { assign, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { loadRegion } from '../shared/load-region';
import type { composeMachine } from './compose.machine';
import type { emailMachine } from './email.machine';
import { listRegion } from './mailbox.list';
import { mailboxSetup } from './mailbox.setup';
import { mailPath } from './mail-location';
import type { EmailTag } from './types';

export * from './mailbox.setup';

/**
 * The mailbox: one folder or label at a time, searched by subject, with a selection for bulk
 * changes and the sidebar counts from `meta`. Each opened email gets its own actor (`email-<id>`);
 * the composer is invoked while open.
 */
export const mailboxMachine = mailboxSetup.createMachine({
  id: 'mailbox',
  context: ({ input }) => ({
    me: input.me,
    filter: input.filter ?? 'inbox',
    query: '',
    emails: [],
    tags: [],
    meta: null,
    selectedIds: [],
    openedId: null,
    lastOpenedId: null,
    pendingOpenId: input.openId ?? null,
    listFailure: null,
    bulk: null,
    starring: null,
    composeInput: {},
  }),
  type: 'parallel',
  on: {
    'mailbox.open': [
      { guard: 'isDraft', actions: ['closeEmail', 'openDraft'] },
      {
        guard: 'isKnownEmail',
        actions: [
          'openEmail',
          {
            type: 'showLocation',
            params: ({ context, event }) => ({ path: mailPath({ filter: context.filter, openId: event.id }), replace: false }),
          },
        ],
      },
    ],
    'mailbox.close': {
      actions: [
        'closeEmail',
        { type: 'showLocation', params: ({ context }) => ({ path: mailPath({ filter: context.filter, openId: null }), replace: false }) },
      ],
    },
    'mailbox.pending.missing': {
      actions: [
        'noticeEmailNotFound',
        { type: 'showLocation', params: ({ context }) => ({ path: mailPath({ filter: context.filter, openId: null }), replace: true }) },
      ],
    },
    // Counts follow an opened email's change at once; they are read again once the server stored it (or refused
    // it), not before: a read racing the write would bring the old counts back.
    'email.updated': { actions: 'applyEmailUpdate' },
    'email.stored': { actions: 'reloadMeta' },
    'email.left': {
      guard: 'isOpenedEmail',
      actions: [
        'removeLeftEmail',
        'closeEmail',
        'noticeLeft',
        'reloadMeta',
        // The email is gone from this folder: Back should not lead to it.
        { type: 'showLocation', params: ({ context }) => ({ path: mailPath({ filter: context.filter, openId: null }), replace: true }) },
      ],
    },
    'email.failed': { actions: ['noticeEmailFailed', 'reloadMeta'] },
    // The thread and counts already followed through email.updated; this only tells the person.
    'email.replied': { actions: 'noticeReplied' },
  },
  states: {
    list: listRegion,
    meta: {
      initial: 'loading',
      on: { 'mailbox.meta.reload': { target: '.loading' } },
      states: {
        loading: {
          invoke: {
            id: 'loadMeta',
            src: 'loadMeta',
            onDone: { target: 'ready', actions: assign({ meta: ({ event }) => event.output }) },
            onError: { target: 'failed' },
          },
        },
        ready: {},
        /** The counts stay as they were; the next change or a retry reloads them. */
        failed: {},
      },
    },
    tags: loadRegion({
      src: 'loadTags',
      onDone: { type: 'assignTags', params: ({ event }: { event: DoneActorEvent<EmailTag[]> }) => ({ tags: event.output }) },
      retry: { 'mailbox.tags.retry': { target: 'loading' } },
    }),
    composer: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'mailbox.compose.open': { target: 'open', actions: 'assignComposeInput' } },
        },
        open: {
          invoke: {
            id: 'compose',
            src: 'composeMachine',
            input: ({ context }) => context.composeInput,
            onDone: {
              target: 'closed',
              actions: [{ type: 'noticeComposeDone', params: ({ event }) => event.output }, 'reloadMeta', 'refreshList'],
            },
          },
          on: { 'mailbox.compose.close': { target: 'closed' } },
        },
      },
    },
  },
});

export type MailboxActorRef = ActorRefFrom<typeof mailboxMachine>;
export type EmailActorRef = ActorRefFrom<typeof emailMachine>;
export type ComposeActorRef = ActorRefFrom<typeof composeMachine>;
