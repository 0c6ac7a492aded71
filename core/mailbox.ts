import type { Email } from '../machines/email/types';

/**
 * The mailbox app's emails behind one async repository: every rule of the email domain (an account's
 * mails and counts, one mail, the next mail number, a new account's first mailbox, writes) reads and writes
 * them through it. The embedded backend's is the rows in memory (mirage/domains/email.ts); the server's is
 * PostgreSQL (server/db/emails.ts), so no server process holds them in memory.
 */

/** A stored email: the contract's numeric id as text (unique across every mailbox), and whose mailbox it is. */
export interface EmailRecord extends Omit<Email, 'id'> {
  id: string;
  ownerId: string;
}

export interface EmailRepository {
  /** Every email of the owner, in no particular order. */
  ofOwner(ownerId: string): Promise<Readonly<EmailRecord>[]>;
  get(id: string): Promise<Readonly<EmailRecord> | undefined>;
  /** The largest email number in every mailbox, replies included (0 when there is none). */
  lastId(): Promise<number>;
  /** Stores new emails, numbered by the caller (lastId + 1, …, in the same transaction). */
  insert(emails: readonly EmailRecord[]): Promise<void>;
  /** Stores these changed emails, each whole. */
  put(emails: readonly EmailRecord[]): Promise<void>;
  /** Whether the owner's mailbox was given its seeded emails (an owner who deleted them all still has it). */
  hasMailbox(ownerId: string): Promise<boolean>;
  /** Records that the owner's mailbox has its seeded emails. */
  addMailbox(ownerId: string): Promise<void>;
}

/** The largest email number of these emails, replies included (0 for none): what lastId answers. */
export function lastEmailId(emails: Iterable<Pick<EmailRecord, 'id' | 'replies'>>): number {
  let max = 0;
  for (const email of emails) max = Math.max(max, Number(email.id), ...email.replies.map((reply) => reply.id));
  return max;
}
