/** The mailbox's data, shared by the machines, the API modules and (as types) the Mirage domain. */

export const MAIL_FOLDERS = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const EMAIL_LABELS = ['personal', 'company', 'important', 'private'] as const;
export type EmailLabel = (typeof EMAIL_LABELS)[number];

/** What the list can show: a folder, the starred view, or a label. */
export type MailFilter = MailFolder | 'starred' | EmailLabel;

export interface Email {
  id: number;
  sender: string;
  sender_name: string;
  to: string[];
  cc: string[];
  bcc: string[];
  img: string;
  subject: string;
  /** HTML, untrusted: render only through the sanitizer. */
  message: string;
  /** File names. */
  attachments: string[];
  isStarred: boolean;
  labels: EmailLabel[];
  /** ISO date string. */
  time: string;
  /** Other messages of the thread, same shape, with an empty folder. */
  replies: Email[];
  mailFolder: MailFolder | '';
  unread: boolean;
}

export interface EmailTag {
  text: string;
  value: EmailLabel;
  color: 'success' | 'primary' | 'warning' | 'danger';
}

export interface EmailMeta {
  unreadMails: {
    folder: { inbox: number[]; spam: number[] };
    label: Record<EmailLabel, number[]>;
  };
  draftMails: number[];
}

/** Body of POST /api/apps/email/compose. */
export interface ComposeInput {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string;
  draft: boolean;
  /** The email this one answers: the sent message is also appended to its thread. */
  replyTo?: number;
  /** An existing draft to update (draft: true) or to send (draft: false, it moves to sent). */
  draftId?: number;
}

export function isMailFolder(value: unknown): value is MailFolder {
  return typeof value === 'string' && (MAIL_FOLDERS as readonly string[]).includes(value);
}

export function isEmailLabel(value: unknown): value is EmailLabel {
  return typeof value === 'string' && (EMAIL_LABELS as readonly string[]).includes(value);
}
