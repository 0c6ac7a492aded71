import { lastEmailId, type EmailRecord, type EmailRepository } from '../../core/mailbox';
import type { Email, EmailLabel, MailFolder } from '../../machines/email/types';
import type { Row } from '../../mirage/db';
import { EMAIL_MAILBOXES } from '../../mirage/domains/email';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';
import { reader, writeRows } from './unit-of-work';

/**
 * The mailbox app's emails in their own table (server/migrations/034_emails.sql): the server's EmailRepository
 * (core/mailbox.ts). A write stores emails whole in the request's unit of work; reads in it see its writes, so the next email number is read in the write's serializable transaction
 * (two writes that read the same largest number cannot both commit), as the largest `last_number` (an email's
 * and its replies' largest). Which owners' mailboxes have their starter emails is `email_mailboxes`. Both are
 * found by owner, and go with their account.
 */

export { EMAIL_MAILBOXES };

export const EMAILS = 'emails';

const COLUMNS = `e.id::text AS id, e.owner_id, e.sender, e.sender_name, e.to_addresses, e.cc_addresses, e.bcc_addresses, e.img,
  e.subject, e.message, e.attachments, e.is_starred, e.labels, ${isoText('e.at')} AS at, e.replies, e.mail_folder, e.unread`;

interface EmailColumns {
  id: string;
  owner_id: string;
  sender: string;
  sender_name: string;
  to_addresses: string[];
  cc_addresses: string[];
  bcc_addresses: string[];
  img: string;
  subject: string;
  message: string;
  attachments: string[];
  is_starred: boolean;
  labels: EmailLabel[];
  at: string;
  replies: Email[];
  mail_folder: MailFolder;
  unread: boolean;
}

const emailOf = (row: EmailColumns): EmailRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  sender: row.sender,
  sender_name: row.sender_name,
  to: row.to_addresses,
  cc: row.cc_addresses,
  bcc: row.bcc_addresses,
  img: row.img,
  subject: row.subject,
  message: row.message,
  attachments: row.attachments,
  isStarred: row.is_starred,
  labels: row.labels,
  time: row.at,
  replies: row.replies,
  mailFolder: row.mail_folder,
  unread: row.unread,
});

const TYPES: Record<string, string> = {
  id: 'bigint',
  owner_id: 'text',
  sender: 'text',
  sender_name: 'text',
  to_addresses: 'text[]',
  cc_addresses: 'text[]',
  bcc_addresses: 'text[]',
  img: 'text',
  subject: 'text',
  message: 'text',
  attachments: 'text[]',
  is_starred: 'boolean',
  labels: 'text[]',
  at: 'timestamptz',
  replies: 'jsonb',
  mail_folder: 'text',
  unread: 'boolean',
  last_number: 'bigint',
};

const record = (email: EmailRecord): Record<string, unknown> => ({
  id: email.id,
  owner_id: String(email.ownerId),
  sender: email.sender,
  sender_name: email.sender_name,
  to_addresses: email.to,
  cc_addresses: email.cc,
  bcc_addresses: email.bcc,
  img: email.img,
  subject: email.subject,
  message: email.message,
  attachments: email.attachments,
  is_starred: email.isStarred,
  labels: email.labels,
  at: email.time,
  replies: email.replies,
  mail_folder: email.mailFolder,
  unread: email.unread,
  last_number: lastEmailId([email]),
});

const UPSERT = upsertStatement('emails', 'id', TYPES);

/** An email's number as the table keys it; another id (never stored) is none. */
const numberOf = (id: string): string | null => (/^[1-9]\d{0,14}$/.test(id) ? id : null);

/** Stores emails whole and deletes emails, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeEmails(tx: Queryable, put: readonly EmailRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'emails', upsert: UPSERT, record }, put, []);
  const gone = deleted.map(numberOf).filter((id) => id !== null);
  if (gone.length > 0) await tx.query('DELETE FROM emails WHERE id = ANY($1::bigint[])', [gone]);
}

/**
 * Records that these owners' mailboxes have their starter emails, in the caller's transaction. A mailbox is
 * never taken back (it goes with its account), so there is nothing to delete.
 */
export async function writeMailboxes(tx: Queryable, put: readonly (Row & { ownerId: string })[]): Promise<void> {
  if (put.length === 0) return;
  await tx.query('INSERT INTO email_mailboxes (owner_id) SELECT unnest($1::text[]) ON CONFLICT (owner_id) DO NOTHING', [
    put.map((row) => String(row.ownerId)),
  ]);
}

export function createSqlEmails(sql: Queryable): EmailRepository {
  const select = async (db: Queryable, where: string, values: readonly unknown[]) =>
    (await db.query<EmailColumns>(`SELECT ${COLUMNS} FROM emails e WHERE ${where}`, [...values])).rows.map(emailOf);
  const write = async (emails: readonly EmailRecord[]): Promise<void> => {
    if (emails.length > 0) await writeRows(EMAILS, writeEmails, emails);
  };
  return {
    ofOwner: async (ownerId) => (storable(ownerId) ? select(reader(sql), 'e.owner_id = $1 ORDER BY e.id', [ownerId]) : []),
    async get(id) {
      const number = numberOf(id);
      return number === null ? undefined : (await select(reader(sql), 'e.id = $1', [number]))[0];
    },
    async lastId() {
      const { rows } = await reader(sql).query<{ n: string | null }>('SELECT max(last_number)::text AS n FROM emails');
      return Number(rows[0]?.n ?? 0);
    },
    insert: write,
    put: write,
    async hasMailbox(ownerId) {
      if (!storable(ownerId)) return false;
      const { rows } = await reader(sql).query('SELECT 1 FROM email_mailboxes WHERE owner_id = $1', [ownerId]);
      return rows.length > 0;
    },
    addMailbox: (ownerId) => writeRows(EMAIL_MAILBOXES, writeMailboxes, [{ id: newRecordId(), ownerId }]),
  };
}
