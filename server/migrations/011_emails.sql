-- The mailbox app's emails live in PostgreSQL only (server/db/emails.ts): an account's are found by the
-- owner, without reading every mailbox (every mailbox request reads the signed-in account's).
CREATE INDEX rows_email_by_owner ON rows ((data ->> 'ownerId')) WHERE collection = 'emails';
