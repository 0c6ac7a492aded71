import type { EmailRecord, EmailRepository } from '../../core/mailbox';
import { EMAIL_MAILBOXES } from '../../mirage/domains/email';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';

/**
 * The mailbox app's emails in PostgreSQL only: the server's EmailRepository (core/mailbox.ts). They stay
 * records of `rows` (server/db/records.ts); an account's are found through the partial index of
 * server/migrations/011_emails.sql. The next email number is read in the write's serializable transaction
 * (two writes that read the same largest number cannot both commit), as the largest number stored (replies included). Which owners' mailboxes have their seeded
 * emails is kept there too, found by owner (server/migrations/018_email_mailboxes.sql).
 */

export { EMAIL_MAILBOXES };

export const EMAILS = 'emails';

export function createSqlEmails(sql: Queryable, writeBatch: WriteBatch): EmailRepository {
  const records = collectionRecords<EmailRecord>(EMAILS, writeBatch);
  const mailboxes = collectionRecords<{ id: string; ownerId: string }>(EMAIL_MAILBOXES, writeBatch);
  return {
    async ofOwner(ownerId) {
      if (!storable(ownerId)) return [];
      const { rows } = await reader(sql).query<{ data: EmailRecord }>(
        `SELECT data FROM rows WHERE collection = '${EMAILS}' AND NOT deleted AND data ->> 'ownerId' = $1`,
        [ownerId],
      );
      return rows.map((row) => row.data);
    },
    get: (id) => records.get(reader(sql), id),
    async lastId() {
      // An email's number is its id; a reply's is also kept inside the email it answers (seeded replies only there).
      const { rows } = await reader(sql).query<{ n: string | null }>(
        `SELECT max(greatest(CASE WHEN r.id ~ '^[0-9]+$' THEN r.id::numeric ELSE 0 END, coalesce((SELECT max((reply ->> 'id')::numeric) FROM jsonb_array_elements(r.data -> 'replies') AS reply), 0)))::text AS n
         FROM rows r WHERE r.collection = '${EMAILS}' AND NOT r.deleted`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    insert: (emails) => records.put(emails),
    put: (emails) => records.put(emails),
    async hasMailbox(ownerId) {
      if (!storable(ownerId)) return false;
      const { rows } = await reader(sql).query(
        `SELECT 1 FROM rows WHERE collection = '${EMAIL_MAILBOXES}' AND NOT deleted AND data ->> 'ownerId' = $1 LIMIT 1`,
        [ownerId],
      );
      return rows.length > 0;
    },
    addMailbox: (ownerId) => mailboxes.put([{ id: newRecordId(), ownerId }]),
  };
}
