-- Which owners' mailboxes have their seeded emails lives in PostgreSQL only (server/db/emails.ts): the
-- mailbox app's first read for an account looks its owner up.
CREATE INDEX rows_email_mailbox_by_owner ON rows ((data ->> 'ownerId')) WHERE collection = 'emailMailboxes';
