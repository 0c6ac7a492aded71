import { table, type MirageDb, type Row } from '../db';
import type { UserRow } from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { lastEmailId, type EmailRecord, type EmailRepository } from '../../core/mailbox';
import { starterMailbox } from '../../core/mailbox-seed';

/*
 * The mailbox demo app's rows in the embedded backend (see docs/email.md). Its endpoints are the API app's
 * (api/routes/mail.ts, rules in api/services/mail.ts); here are the rows in memory behind EmailRepository and
 * the demo accounts' seeded mailboxes (core/mailbox-seed.ts).
 */

type EmailRow = EmailRecord;

/** The owners whose mailbox has its seeded emails. */
export const EMAIL_MAILBOXES = 'emailMailboxes';
const mailboxes = (db: MirageDb) => table<MailboxRow>(db, EMAIL_MAILBOXES);

interface MailboxRow extends Row {
  ownerId: string;
}

const emails = (db: MirageDb) => table<EmailRow>(db, 'emails');

/** The emails answered from the rows in memory (the embedded backend). */
export function memoryEmails(db: MirageDb): EmailRepository {
  return {
    ofOwner: (ownerId) => Promise.resolve(emails(db).where((r) => r.ownerId === ownerId)),
    get: (id) => Promise.resolve(emails(db).find(id)),
    lastId: () => Promise.resolve(lastEmailId(emails(db).rows())),
    insert(rows) {
      emails(db).insertMany(rows.map((row) => ({ ...row })));
      return Promise.resolve();
    },
    put(rows) {
      for (const { id, ...rest } of rows) emails(db).update(id, rest);
      return Promise.resolve();
    },
    hasMailbox: (ownerId) => Promise.resolve(mailboxes(db).where({ ownerId }).length > 0),
    addMailbox(ownerId) {
      mailboxes(db).insert({ ownerId });
      return Promise.resolve();
    },
  };
}

/** The emails in memory (the embedded backend's). */
export const emailStore = (db: MirageDb): EmailRepository => memoryEmails(db);

const SEEDED_MAILBOXES = 5;

function seedEmail(db: MirageDb, ctx: MirageContext): void {
  emails(db);
  mailboxes(db);
  // The demo accounts (seeded first) get their mailboxes now; everyone else on first use (api/services/mail.ts):
  // the large seed has 50,000 users, whose 1,000,000 seeded emails nobody would read.
  // The rows themselves, read only (all() would copy 50,000 users at the large seed).
  for (const user of table<UserRow>(db, 'users').rows().slice(0, SEEDED_MAILBOXES)) {
    emails(db).insertMany(starterMailbox(user, lastEmailId(emails(db).rows()) + 1, ctx.now(), ctx.seed));
    mailboxes(db).insert({ ownerId: String(user.id) });
  }
}

export const emailDomain: MirageDomain = {
  name: 'email',
  seed: (db, ctx) => seedEmail(db, ctx),
  // Its endpoints are the API app's (api/routes/mail.ts).
  routes: () => undefined,
};
