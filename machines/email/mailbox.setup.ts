import { assign, emit, enqueueActions, fromPromise, raise, setup, stopChild } from 'xstate';
import { composeMachine, type ComposeMachineInput, type ComposeOutput } from './compose.machine';
import {
  emailMachine,
  type EmailActorInput,
  type EmailAction,
  type EmailReport,
  type Me,
  type MarkUnreadInput,
  type MoveMailsInput,
  type SetStarredInput,
  type UpdateLabelsInput,
} from './email.machine';
import { toCallFailure, type CallFailure } from './errors';
import type { MailLocation } from './mail-location';
import { htmlToText } from './plain-text';
import type { Email, EmailLabel, EmailMeta, EmailTag, MailFilter, MailFolder } from './types';

export interface MailboxInput {
  filter?: MailFilter;
  /** An email to open once the list has loaded (a deep link). */
  openId?: number | null;
  me: Me;
}

/** The mailbox's URL as the machine wants it shown (the view provides `showLocation`). */
export interface ShowLocationParams {
  path: string;
  /** true: replace the current history entry (nothing the person would go Back to). */
  replace: boolean;
}

export interface LoadMailsInput {
  filter: MailFilter;
  query: string;
}

export type BulkAction =
  { kind: 'move'; folder: MailFolder } | { kind: 'label'; label: EmailLabel } | { kind: 'markUnread'; unread: boolean };

export interface MailboxContext {
  me: Me;
  filter: MailFilter;
  query: string;
  emails: Email[];
  tags: EmailTag[];
  meta: EmailMeta | null;
  selectedIds: number[];
  openedId: number | null;
  /** The email shown last, so the list can put focus back on its row. */
  lastOpenedId: number | null;
  /** An email the URL asks for, opened once the list that holds it has loaded. */
  pendingOpenId: number | null;
  listFailure: CallFailure | null;
  /** A bulk action waiting for its call. */
  bulk: BulkAction | null;
  /** The list star toggle in flight, to roll back. */
  starring: { id: number; value: boolean } | null;
  composeInput: ComposeMachineInput;
}

export type MailboxEvent =
  | { type: 'mailbox.filter'; filter: MailFilter }
  /** The URL changed (link, Back/Forward, deep link): show that folder and that email. */
  | ({ type: 'mailbox.location' } & MailLocation)
  /** Internal: the email the URL asked for is not in the loaded list. */
  | { type: 'mailbox.pending.missing' }
  | { type: 'mailbox.search'; query: string }
  | { type: 'mailbox.retry' }
  | { type: 'mailbox.refresh' }
  | { type: 'mailbox.select.toggle'; id: number }
  | { type: 'mailbox.select.all' }
  | { type: 'mailbox.select.clear' }
  | { type: 'mailbox.bulk'; action: BulkAction }
  | { type: 'mailbox.star.toggle'; id: number }
  | { type: 'mailbox.open'; id: number }
  | { type: 'mailbox.close' }
  | { type: 'mailbox.compose.open'; draft?: Email }
  | { type: 'mailbox.compose.close' }
  | { type: 'mailbox.meta.reload' }
  | { type: 'mailbox.tags.retry' }
  | EmailReport;

/** Toasts the view shows: keys under `email.notify.*`. */
export type MailboxNotice =
  | { type: 'notice'; tone: 'success' | 'error'; key: 'bulkDone' | 'bulkFailed'; action: BulkAction['kind']; count: number }
  | { type: 'notice'; tone: 'error'; key: 'emailFailed'; action: EmailAction }
  | { type: 'notice'; tone: 'error'; key: 'starFailed' | 'emailNotFound' }
  | { type: 'notice'; tone: 'success'; key: 'sent' | 'draftSaved' | 'moved' | 'markedUnread' };

export const SEARCH_DEBOUNCE_MS = 300;

export const emailActorId = (id: number) => `email-${id}`;

/** The part of `enqueueActions`' `enqueue` that swaps the open email's actor. */
interface EmailSwitchQueue {
  stopChild(id: string): void;
  assign(values: { openedId: number }): void;
  spawnChild(src: 'emailMachine', options: { id: string; input: EmailActorInput }): void;
}

/** Opens `email` in place of the open one: the old email's actor stops, a new one starts (inside `enqueueActions`). */
function showInstead(enqueue: EmailSwitchQueue, context: { openedId: number | null; me: Me }, email: Email): void {
  if (context.openedId !== null) enqueue.stopChild(emailActorId(context.openedId));
  enqueue.assign({ openedId: email.id });
  enqueue.spawnChild('emailMachine', { id: emailActorId(email.id), input: { email, me: context.me } });
}

/** Opening a draft continues it in the composer. */
export function draftInput(draft: Email): ComposeMachineInput {
  return {
    fields: {
      to: draft.to.join(', '),
      cc: draft.cc.join(', '),
      bcc: draft.bcc.join(', '),
      subject: draft.subject,
      message: htmlToText(draft.message),
    },
    draftId: draft.id,
  };
}

function withoutId<T extends { id: number }>(list: T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}

/** The mailbox's types, actors, guards and actions; its list region is mailbox.list.ts. */
export const mailboxSetup = setup({
  types: {
    context: {} as MailboxContext,
    events: {} as MailboxEvent,
    input: {} as MailboxInput,
    emitted: {} as MailboxNotice,
  },
  actors: {
    loadMails: fromPromise<Email[], LoadMailsInput>(async () => {
      throw new Error('loadMails not provided');
    }),
    loadMeta: fromPromise<EmailMeta>(async () => {
      throw new Error('loadMeta not provided');
    }),
    loadTags: fromPromise<EmailTag[]>(async () => {
      throw new Error('loadTags not provided');
    }),
    moveMails: fromPromise<unknown, MoveMailsInput>(async () => {
      throw new Error('moveMails not provided');
    }),
    updateLabels: fromPromise<unknown, UpdateLabelsInput>(async () => {
      throw new Error('updateLabels not provided');
    }),
    markUnread: fromPromise<unknown, MarkUnreadInput>(async () => {
      throw new Error('markUnread not provided');
    }),
    setStarred: fromPromise<unknown, SetStarredInput>(async () => {
      throw new Error('setStarred not provided');
    }),
    emailMachine,
    composeMachine,
  },
  guards: {
    hasNoEmails: (_, { emails }: { emails: Email[] }) => emails.length === 0,
    hasSelection: ({ context }) => context.selectedIds.length > 0,
    isKnownEmail: ({ context, event }) => 'id' in event && context.emails.some((e) => e.id === event.id),
    isDraft: ({ context, event }) =>
      event.type === 'mailbox.open' && context.emails.some((e) => e.id === event.id && e.mailFolder === 'draft'),
    isOpenedEmail: ({ context, event }) => 'id' in event && context.openedId === event.id,
    isBulkMove: ({ context }) => context.bulk?.kind === 'move',
    isOtherFilter: ({ context, event }) => event.type === 'mailbox.location' && event.filter !== context.filter,
    isLocationWithoutEmail: ({ event }) => event.type === 'mailbox.location' && event.openId === null,
    isLocationOfOpenedEmail: ({ context, event }) => event.type === 'mailbox.location' && event.openId === context.openedId,
    isLocationPending: ({ context, event }) => event.type === 'mailbox.location' && event.openId === context.pendingOpenId,
    isLocationOfListedEmail: ({ context, event }) =>
      event.type === 'mailbox.location' && context.emails.some((e) => e.id === event.openId && e.mailFolder !== 'draft'),
    isBulkLabel: ({ context }) => context.bulk?.kind === 'label',
  },
  actions: {
    assignFilter: assign(({ event }) => (event.type === 'mailbox.filter' ? { filter: event.filter, query: '', selectedIds: [] } : {})),
    assignTags: assign((_, { tags }: { tags: EmailTag[] }) => ({ tags })),
    assignQuery: assign(({ event }) => (event.type === 'mailbox.search' ? { query: event.query } : {})),
    assignEmails: assign(({ context }, { emails }: { emails: Email[] }) => {
      const ids = new Set(emails.map((e) => e.id));
      return { emails, listFailure: null, selectedIds: context.selectedIds.filter((id) => ids.has(id)) };
    }),
    assignListFailure: assign((_, { error }: { error: unknown }) => ({ listFailure: toCallFailure(error) })),
    toggleSelection: assign({
      selectedIds: ({ context, event }) => {
        if (event.type !== 'mailbox.select.toggle') return context.selectedIds;
        return context.selectedIds.includes(event.id)
          ? context.selectedIds.filter((id) => id !== event.id)
          : [...context.selectedIds, event.id];
      },
    }),
    toggleSelectAll: assign({
      selectedIds: ({ context }) =>
        context.emails.length > 0 && context.selectedIds.length === context.emails.length ? [] : context.emails.map((e) => e.id),
    }),
    clearSelection: assign({ selectedIds: [] }),
    assignBulk: assign({ bulk: ({ event }) => (event.type === 'mailbox.bulk' ? event.action : null) }),
    noticeBulkDone: emit(({ context }): MailboxNotice => ({
      type: 'notice',
      tone: 'success',
      key: 'bulkDone',
      action: context.bulk?.kind ?? 'move',
      count: context.selectedIds.length,
    })),
    noticeBulkFailed: emit(({ context }): MailboxNotice => ({
      type: 'notice',
      tone: 'error',
      key: 'bulkFailed',
      action: context.bulk?.kind ?? 'move',
      count: context.selectedIds.length,
    })),
    startStar: assign(({ context, event }) => {
      if (event.type !== 'mailbox.star.toggle') return {};
      const email = context.emails.find((e) => e.id === event.id);
      if (!email) return {};
      const value = !email.isStarred;
      return {
        starring: { id: email.id, value },
        emails: context.emails.map((e) => (e.id === email.id ? { ...e, isStarred: value } : e)),
      };
    }),
    rollBackStar: assign(({ context }) => {
      const s = context.starring;
      if (!s) return {};
      return { starring: null, emails: context.emails.map((e) => (e.id === s.id ? { ...e, isStarred: !s.value } : e)) };
    }),
    forgetStar: assign({ starring: null }),
    noticeStarFailed: emit({ type: 'notice', tone: 'error', key: 'starFailed' } as const),
    openEmail: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'mailbox.open') return;
      const email = context.emails.find((e) => e.id === event.id);
      if (!email) return;
      showInstead(enqueue, context, email);
    }),
    /** Opens a listed email (not a draft) without touching the URL: the URL asked for it. */
    openById: enqueueActions(({ context, enqueue }, params: { id: number | null }) => {
      const email = context.emails.find((e) => e.id === params.id && e.mailFolder !== 'draft');
      if (!email || context.openedId === email.id) return;
      showInstead(enqueue, context, email);
    }),
    assignLocation: assign(({ event }) =>
      event.type === 'mailbox.location' ? { filter: event.filter, query: '', selectedIds: [], pendingOpenId: event.openId } : {},
    ),
    assignPendingOpen: assign({ pendingOpenId: ({ event }) => (event.type === 'mailbox.location' ? event.openId : null) }),
    /** After a load: open the email the URL asked for, or say it is not here and show the folder. */
    resolvePendingOpen: enqueueActions(({ context, enqueue }) => {
      const id = context.pendingOpenId;
      if (id === null) return;
      enqueue.assign({ pendingOpenId: null });
      const email = context.emails.find((e) => e.id === id && e.mailFolder !== 'draft');
      if (!email) {
        enqueue.raise({ type: 'mailbox.pending.missing' });
        return;
      }
      showInstead(enqueue, context, email);
    }),
    noticeEmailNotFound: emit({ type: 'notice', tone: 'error', key: 'emailNotFound' } as const),
    /** The URL follows what the person did. Provided by the view (the router); a no-op by default. */
    showLocation: (_, _params: ShowLocationParams) => undefined,
    closeEmail: enqueueActions(({ context, enqueue }) => {
      if (context.openedId === null) return;
      enqueue(stopChild(emailActorId(context.openedId)));
      enqueue.assign({ openedId: null, lastOpenedId: context.openedId });
    }),
    applyEmailUpdate: assign({
      emails: ({ context, event }) =>
        event.type === 'email.updated' ? context.emails.map((e) => (e.id === event.email.id ? event.email : e)) : context.emails,
      // Counts follow at once; the reload that follows confirms them.
      meta: ({ context, event }) => {
        if (event.type !== 'email.updated' || !context.meta || event.email.unread) return context.meta;
        const id = event.email.id;
        const { folder, label } = context.meta.unreadMails;
        const labels = Object.fromEntries(
          Object.entries(label).map(([k, ids]) => [k, ids.filter((x) => x !== id)]),
        ) as EmailMeta['unreadMails']['label'];
        return {
          ...context.meta,
          unreadMails: {
            folder: { inbox: folder.inbox.filter((x) => x !== id), spam: folder.spam.filter((x) => x !== id) },
            label: labels,
          },
        };
      },
    }),
    removeLeftEmail: assign(({ context, event }) => {
      if (event.type !== 'email.left') return {};
      return {
        // A mail marked unread stays in its folder; a moved one leaves it.
        emails:
          event.reason === 'moved'
            ? withoutId(context.emails, event.id)
            : context.emails.map((e) => (e.id === event.id ? { ...e, unread: true } : e)),
        selectedIds: context.selectedIds.filter((id) => id !== event.id),
      };
    }),
    noticeLeft: emit(({ event }): MailboxNotice => ({
      type: 'notice',
      tone: 'success',
      key: event.type === 'email.left' && event.reason === 'markedUnread' ? 'markedUnread' : 'moved',
    })),
    noticeEmailFailed: emit(({ event }): MailboxNotice => ({
      type: 'notice',
      tone: 'error',
      key: 'emailFailed',
      action: event.type === 'email.failed' ? event.action : 'star',
    })),
    assignComposeInput: assign({
      composeInput: ({ event }) => (event.type === 'mailbox.compose.open' && event.draft ? draftInput(event.draft) : {}),
    }),
    openDraft: enqueueActions(({ context, event, enqueue }) => {
      const draft = event.type === 'mailbox.open' ? context.emails.find((e) => e.id === event.id) : undefined;
      if (draft) enqueue.raise({ type: 'mailbox.compose.open', draft });
    }),
    reloadMeta: raise({ type: 'mailbox.meta.reload' }),
    refreshList: raise({ type: 'mailbox.refresh' }),
    noticeReplied: emit(({ event }): MailboxNotice => ({
      type: 'notice',
      tone: 'success',
      key: event.type === 'email.replied' && event.outcome === 'saved' ? 'draftSaved' : 'sent',
    })),
    noticeComposeDone: emit((_, output: ComposeOutput): MailboxNotice => ({
      type: 'notice',
      tone: 'success',
      key: output.outcome === 'sent' ? 'sent' : 'draftSaved',
    })),
  },
});
