import type { Email, EmailLabel, EmailMeta, EmailTag, MailFolder } from '../../machines/email/types';
import { readText } from '../../machines/text/text-rules';
import { COMPOSE_TEXT_RULES } from '../../machines/email/compose-rules';
import type { EmailRecord } from '../../core/mailbox';
import { starterMailbox } from '../../core/mailbox-seed';
import type { Account, ApiEnv } from '../env';
import { isRecord } from '../http';

/*
 * The mailbox demo app (docs/email.md), over env.emails:
 * - Every account has its own mailbox (emails carry ownerId). The demo accounts get theirs at seed time;
 *   an account created later gets one the first time it opens it, so every signed-in user sees a realistic inbox.
 * - Email ids are numbers, unique across all mailboxes (stored as text; every answer converts them back).
 * - Another account's email id is treated like an unknown id (422 on changes): ids do not leak.
 * - Label unread counts in meta leave trashed mail out, like the label views do.
 */

// api/ may only import types from machines/ (and its rules modules), so the value lists live here too.
const FOLDERS: readonly MailFolder[] = ['inbox', 'sent', 'draft', 'spam', 'trash'];
const LABELS: readonly EmailLabel[] = ['personal', 'company', 'important', 'private'];

/** The label list is reference data, the same for every account and backend: it is not stored. */
export const EMAIL_TAGS: readonly EmailTag[] = [
  { text: 'Personal', value: 'personal', color: 'success' },
  { text: 'Company', value: 'company', color: 'primary' },
  { text: 'Important', value: 'important', color: 'warning' },
  { text: 'Private', value: 'private', color: 'danger' },
];

const isFolder = (v: unknown): v is MailFolder => typeof v === 'string' && (FOLDERS as readonly string[]).includes(v);
const isLabel = (v: unknown): v is EmailLabel => typeof v === 'string' && (LABELS as readonly string[]).includes(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export type MailResult =
  | { kind: 'mails'; mails: Email[] }
  | { kind: 'meta'; meta: EmailMeta }
  | { kind: 'done' }
  | { kind: 'created'; id: number }
  | { kind: 'invalid'; message: string; errors?: Record<string, string> };

type Invalid = Extract<MailResult, { kind: 'invalid' }>;
const invalid = (message: string, errors?: Record<string, string>): Invalid => ({
  kind: 'invalid',
  message,
  ...(errors ? { errors } : {}),
});
const isInvalid = (v: unknown): v is Invalid => isRecord(v) && v['kind'] === 'invalid';
const DONE: MailResult = { kind: 'done' };

function toEmail(row: Readonly<EmailRecord>): Email {
  const { ownerId: _owner, id, ...rest } = row;
  return { ...rest, id: Number(id) };
}

/**
 * Gives the caller their starter mailbox the first time they use it (accounts created after seeding). The
 * emails are stored first: on the server, a read that must write them runs again as a write.
 */
async function ensureMailbox(env: ApiEnv, caller: Account): Promise<void> {
  if (env.demoSeed === 'none') return;
  const owner = String(caller.id);
  if (await env.emails.hasMailbox(owner)) return;
  await env.emails.insert(starterMailbox(caller, (await env.emails.lastId()) + 1, env.now(), env.demoSeed));
  await env.emails.addMailbox(owner);
}

/** The caller's mailbox, given its starter emails first when it has none yet. */
async function mailboxOf(env: ApiEnv, caller: Account): Promise<readonly Readonly<EmailRecord>[]> {
  await ensureMailbox(env, caller);
  return env.emails.ofOwner(String(caller.id));
}

async function ownedRow(env: ApiEnv, caller: Account, id: unknown, field: string): Promise<Readonly<EmailRecord> | Invalid> {
  if (!isId(id)) return invalid(`${field} must be numeric email ids`);
  const row = await env.emails.get(String(id));
  if (!row || row.ownerId !== String(caller.id)) return invalid(`Unknown email id ${id}`);
  return row;
}

/** The caller's emails for the given ids, or what is wrong with them. Nothing is changed here. */
async function ownedRows(env: ApiEnv, caller: Account, ids: unknown, field: string): Promise<Readonly<EmailRecord>[] | Invalid> {
  if (!Array.isArray(ids)) return invalid(`${field} must be a list of email ids`);
  if (ids.length === 0) return invalid(`${field} must not be empty`);
  const rows: Readonly<EmailRecord>[] = [];
  for (const id of ids) {
    const row = await ownedRow(env, caller, id, field);
    if (isInvalid(row)) return row;
    rows.push(row);
  }
  return rows;
}

const objectOf = (body: unknown): Record<string, unknown> | Invalid => (isRecord(body) ? body : invalid('The body must be a JSON object'));

/** The caller's emails of a folder, `starred` or a label (neither in trash), whose subject contains `q`; newest first. */
export async function listMails(env: ApiEnv, caller: Account, filter: string | null, q: string | null): Promise<MailResult> {
  const rows = await mailboxOf(env, caller);
  let picked: Readonly<EmailRecord>[];
  if (isFolder(filter)) picked = rows.filter((r) => r.mailFolder === filter);
  else if (filter === 'starred') picked = rows.filter((r) => r.isStarred && r.mailFolder !== 'trash');
  else if (isLabel(filter)) picked = rows.filter((r) => r.labels.includes(filter) && r.mailFolder !== 'trash');
  else return invalid(`Unknown filter: ${filter ?? '(missing)'}`, { filter: 'unknown' });
  const query = (q ?? '').trim().toLowerCase();
  if (query) picked = picked.filter((r) => r.subject.toLowerCase().includes(query));
  // Newest first by time (then by id), not by stored order: rows reloaded from IndexedDB come back in
  // another order, and the demo inbox read Nov 5, Nov 2, Oct 29, today, Nov 22.
  picked.sort((a, b) => (a.time === b.time ? Number(b.id) - Number(a.id) : a.time < b.time ? 1 : -1));
  return { kind: 'mails', mails: picked.map(toEmail) };
}

/** Unread ids of inbox and spam, unread ids per label (trash left out), and the drafts' ids. */
export async function mailMeta(env: ApiEnv, caller: Account): Promise<MailResult> {
  const rows = await mailboxOf(env, caller);
  const unread = rows.filter((r) => r.unread);
  const ids = (list: readonly Readonly<EmailRecord>[]) => list.map((r) => Number(r.id));
  const label = {} as Record<EmailLabel, number[]>;
  for (const l of LABELS) label[l] = ids(unread.filter((r) => r.labels.includes(l) && r.mailFolder !== 'trash'));
  return {
    kind: 'meta',
    meta: {
      unreadMails: {
        folder: { inbox: ids(unread.filter((r) => r.mailFolder === 'inbox')), spam: ids(unread.filter((r) => r.mailFolder === 'spam')) },
        label,
      },
      draftMails: ids(rows.filter((r) => r.mailFolder === 'draft')),
    },
  };
}

/** Where a change names its emails: `emailIds`, a list of them, or `mailId`, one. */
type Named = 'emailIds' | 'mailId';

/** The caller's emails the body names, or what is wrong with them. */
async function namedRows(
  env: ApiEnv,
  caller: Account,
  body: Record<string, unknown>,
  named: Named,
): Promise<readonly Readonly<EmailRecord>[] | Invalid> {
  if (named === 'emailIds') return ownedRows(env, caller, body[named], named);
  const row = await ownedRow(env, caller, body[named], named);
  return isInvalid(row) ? row : [row];
}

/**
 * Changes the caller's emails the body names (every id must be theirs, or nothing changes), with the value
 * `read` takes from the body.
 */
async function changeEmails<T>(
  env: ApiEnv,
  caller: Account,
  body: unknown,
  named: Named,
  read: (body: Record<string, unknown>) => T | Invalid,
  change: (row: Readonly<EmailRecord>, value: T) => EmailRecord,
): Promise<MailResult> {
  await ensureMailbox(env, caller);
  const b = objectOf(body);
  if (isInvalid(b)) return b;
  const rows = await namedRows(env, caller, b, named);
  if (isInvalid(rows)) return rows;
  const value = read(b);
  if (isInvalid(value)) return value;
  await env.emails.put(rows.map((row) => change(row, value)));
  return DONE;
}

export const moveMails = (env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> =>
  changeEmails(
    env,
    caller,
    body,
    'emailIds',
    (b) => (isFolder(b['mailFolder']) ? b['mailFolder'] : invalid(`Unknown folder: ${String(b['mailFolder'])}`)),
    (row, mailFolder) => ({ ...row, mailFolder }),
  );

/** Toggles a label on each email on its own: one that has it loses it, one that has not gains it. */
export const updateLabels = (env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> =>
  changeEmails(
    env,
    caller,
    body,
    'emailIds',
    (b) => (isLabel(b['label']) ? b['label'] : invalid(`Unknown label: ${String(b['label'])}`)),
    (row, label) => ({ ...row, labels: row.labels.includes(label) ? row.labels.filter((l) => l !== label) : [...row.labels, label] }),
  );

export const markUnread = (env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> =>
  changeEmails(
    env,
    caller,
    body,
    'emailIds',
    (b) => (typeof b['unreadFlag'] === 'boolean' ? b['unreadFlag'] : invalid('unreadFlag must be true or false')),
    (row, unread) => ({ ...row, unread }),
  );

/** Replaces the labels of one email. */
export const setLabels = (env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> =>
  changeEmails(
    env,
    caller,
    body,
    'mailId',
    (b) => {
      const labels = b['labels'];
      if (!Array.isArray(labels)) return invalid('labels must be a list of labels');
      const unknown = labels.find((l) => !isLabel(l));
      return unknown === undefined ? [...new Set(labels as EmailLabel[])] : invalid(`Unknown label: ${String(unknown)}`);
    },
    (row, labels) => ({ ...row, labels }),
  );

export const setStarred = (env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> =>
  changeEmails(
    env,
    caller,
    body,
    'mailId',
    (b) => (typeof b['value'] === 'boolean' ? b['value'] : invalid('value must be true or false')),
    (row, isStarred) => ({ ...row, isStarred }),
  );

function addressList(value: unknown, field: string, errors: Record<string, string>): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    errors[field] = 'invalidAddress';
    return [];
  }
  const list = value.map((v) => v.trim()).filter(Boolean);
  if (list.some((a) => !ADDRESS.test(a))) errors[field] = 'invalidAddress';
  return list;
}

/**
 * Sends a mail (to sent) or saves a draft; `draftId` replaces one of the caller's drafts, and a sent reply
 * (`replyTo`) also joins the thread of the caller's email it answers. Refused with the fields at fault.
 */
export async function composeEmail(env: ApiEnv, caller: Account, body: unknown): Promise<MailResult> {
  await ensureMailbox(env, caller);
  const b = objectOf(body);
  if (isInvalid(b)) return b;
  const errors: Record<string, string> = {};
  if (typeof b['draft'] !== 'boolean') errors['draft'] = 'required';
  const draft = b['draft'] === true;
  const to = addressList(b['to'], 'to', errors);
  const cc = addressList(b['cc'], 'cc', errors);
  const bcc = addressList(b['bcc'], 'bcc', errors);
  if (!draft && !errors['to'] && to.length + cc.length + bcc.length === 0) errors['to'] = 'required';
  const rawSubject = b['subject'] ?? '';
  const rawMessage = b['message'] ?? '';
  // The shared text rule (machines/text/text-rules.ts): NFC, no control or bidi-override characters, visible text, limits.
  const subjectText = readText(rawSubject, COMPOSE_TEXT_RULES.subject);
  const messageText = readText(rawMessage, COMPOSE_TEXT_RULES.message);
  if (typeof rawSubject !== 'string') errors['subject'] = 'invalid';
  else if (subjectText.problem) errors['subject'] = subjectText.problem;
  if (typeof rawMessage !== 'string') errors['message'] = 'invalid';
  else if (messageText.problem) errors['message'] = messageText.problem;
  let original: Readonly<EmailRecord> | undefined;
  if (b['replyTo'] !== undefined) {
    const row = await ownedRow(env, caller, b['replyTo'], 'replyTo');
    if (isInvalid(row)) errors['replyTo'] = 'unknown';
    else original = row;
  }
  let existingDraft: Readonly<EmailRecord> | undefined;
  if (b['draftId'] !== undefined) {
    const row = await ownedRow(env, caller, b['draftId'], 'draftId');
    if (isInvalid(row) || row.mailFolder !== 'draft') errors['draftId'] = 'unknown';
    else existingDraft = row;
  }
  if (Object.keys(errors).length > 0) return invalid('The email could not be saved', errors);

  const fields = {
    sender: caller.email,
    sender_name: caller.displayName,
    to,
    cc,
    bcc,
    subject: String(subjectText.value).trim(),
    message: String(messageText.value),
    time: new Date(env.now()).toISOString(),
    mailFolder: (draft ? 'draft' : 'sent') as MailFolder,
    unread: false,
  };
  let id: number;
  if (existingDraft) {
    id = Number(existingDraft.id);
    await env.emails.put([{ ...existingDraft, ...fields }]);
  } else {
    id = (await env.emails.lastId()) + 1;
    await env.emails.insert([
      { id: String(id), ownerId: String(caller.id), img: '', attachments: [], isStarred: false, labels: [], replies: [], ...fields },
    ]);
  }
  if (original && !draft) {
    // The reply also joins the thread of the message it answers, so the detail view shows it.
    const reply: Email = { id, img: '', attachments: [], isStarred: false, labels: [], replies: [], ...fields, mailFolder: '' };
    await env.emails.put([{ ...original, replies: [...original.replies, reply] }]);
  }
  return { kind: 'created', id };
}
