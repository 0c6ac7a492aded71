import type { ComposeActorRef, EmailActorRef, MailboxActorRef } from '@machines/email/mailbox.machine';
import { emailActorId } from '@machines/email/mailbox.machine';
import type { EmailLabel, MailFilter } from '@machines/email/types';

type MailboxSnapshot = ReturnType<MailboxActorRef['getSnapshot']>;
type EmailSnapshot = ReturnType<EmailActorRef['getSnapshot']>;
type ComposeSnapshot = ReturnType<ComposeActorRef['getSnapshot']>;

export const selectFilter = (s: MailboxSnapshot): MailFilter => s.context.filter;
export const selectQuery = (s: MailboxSnapshot) => s.context.query;
export const selectEmails = (s: MailboxSnapshot) => s.context.emails;
export const selectTags = (s: MailboxSnapshot) => s.context.tags;
export const selectSelectedIds = (s: MailboxSnapshot) => s.context.selectedIds;
export const selectListFailure = (s: MailboxSnapshot) => s.context.listFailure;
export const selectIsLoading = (s: MailboxSnapshot) => s.matches({ list: 'loading' });
export const selectIsBusy = (s: MailboxSnapshot) => s.hasTag('busy');
export const selectIsEmpty = (s: MailboxSnapshot) => s.matches({ list: 'empty' });
export const selectIsFailed = (s: MailboxSnapshot) => s.matches({ list: 'failed' });
export const selectHasList = (s: MailboxSnapshot) =>
  s.matches({ list: 'loaded' }) || s.matches({ list: 'starring' }) || s.matches({ list: 'mutating' });
export const selectCanBulk = (s: MailboxSnapshot) => s.matches({ list: 'loaded' }) && s.context.selectedIds.length > 0;
export const selectTagsFailed = (s: MailboxSnapshot) => s.matches({ tags: 'failed' });

export const selectLastOpenedId = (s: MailboxSnapshot) => s.context.lastOpenedId;
export const selectOpenedActor = (s: MailboxSnapshot): EmailActorRef | undefined =>
  s.context.openedId === null ? undefined : (s.children[emailActorId(s.context.openedId)] as EmailActorRef | undefined);
export const selectComposer = (s: MailboxSnapshot): ComposeActorRef | undefined =>
  s.matches({ composer: 'open' }) ? (s.children['compose'] as ComposeActorRef | undefined) : undefined;

/** Sidebar numbers: unread in inbox and spam, the draft count, unread per label. */
export const selectCounts = (s: MailboxSnapshot) => {
  const meta = s.context.meta;
  return {
    inbox: meta?.unreadMails.folder.inbox.length ?? 0,
    spam: meta?.unreadMails.folder.spam.length ?? 0,
    draft: meta?.draftMails.length ?? 0,
    label: (l: EmailLabel) => meta?.unreadMails.label[l]?.length ?? 0,
  };
};

export const selectEmail = (s: EmailSnapshot) => s.context.email;
export const selectEmailBusy = (s: EmailSnapshot) => !s.matches({ flags: 'idle' });
export const selectReplyComposer = (s: EmailSnapshot): ComposeActorRef | undefined =>
  s.matches({ reply: 'open' }) ? (s.children['replyComposer'] as ComposeActorRef | undefined) : undefined;

export const selectFields = (s: ComposeSnapshot) => s.context.fields;
export const selectFieldErrors = (s: ComposeSnapshot) => s.context.fieldErrors;
export const selectComposeFailure = (s: ComposeSnapshot) => s.context.failure;
export const selectIsSending = (s: ComposeSnapshot) => s.matches('sending');
export const selectIsSavingDraft = (s: ComposeSnapshot) => s.matches('savingDraft');
