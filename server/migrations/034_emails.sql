-- The mailbox app's emails, and which accounts' mailboxes have their starter emails, leave the JSON log (`rows`)
-- for tables of their own (server/db/emails.ts): typed columns, and the owner a foreign key, so an account's
-- mailbox goes with it.
CREATE TABLE emails (
  -- The contract's id: a number unique across every mailbox (the largest stored + 1).
  id bigint PRIMARY KEY CHECK (id >= 1),
  owner_id text NOT NULL,
  sender text NOT NULL,
  sender_name text NOT NULL,
  to_addresses text[] NOT NULL,
  cc_addresses text[] NOT NULL,
  bcc_addresses text[] NOT NULL,
  img text NOT NULL,
  subject text NOT NULL,
  -- HTML, untrusted (sanitized before display).
  message text NOT NULL,
  -- File names.
  attachments text[] NOT NULL,
  is_starred boolean NOT NULL,
  -- In the order they were given; only the app's labels (api/services/mail.ts, LABELS).
  labels text[] NOT NULL CHECK (labels <@ ARRAY['personal', 'company', 'important', 'private']::text[]),
  -- When it was sent or received (the contract's `time`).
  at timestamptz NOT NULL,
  -- The earlier messages of its thread, as the contract's emails (each with its own number, `mailFolder` '').
  replies jsonb NOT NULL CHECK (jsonb_typeof(replies) = 'array'),
  mail_folder text NOT NULL CHECK (mail_folder IN ('inbox', 'sent', 'draft', 'spam', 'trash')),
  unread boolean NOT NULL,
  -- The largest number of the email and its replies: the next email's number is the largest of these + 1.
  last_number bigint NOT NULL CHECK (last_number >= id)
);

-- Field for field. A value the schema refuses (never written by the backend) is read as the domain would: a
-- missing text as empty, a missing list as empty, a missing flag as false, a label the app does not know left
-- out, an unknown folder as the inbox, an unreadable time as the epoch. An id that is no number gets the next
-- numbers after the largest stored, in id order.
INSERT INTO emails (
  id, owner_id, sender, sender_name, to_addresses, cc_addresses, bcc_addresses, img, subject, message, attachments,
  is_starred, labels, at, replies, mail_folder, unread, last_number
)
SELECT
  n.number,
  coalesce(r.data ->> 'ownerId', ''),
  coalesce(r.data ->> 'sender', ''),
  coalesce(r.data ->> 'sender_name', ''),
  ARRAY(SELECT t.v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'to') = 'array' THEN r.data -> 'to' ELSE '[]' END) WITH ORDINALITY AS t(v, i) ORDER BY t.i),
  ARRAY(SELECT t.v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'cc') = 'array' THEN r.data -> 'cc' ELSE '[]' END) WITH ORDINALITY AS t(v, i) ORDER BY t.i),
  ARRAY(SELECT t.v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'bcc') = 'array' THEN r.data -> 'bcc' ELSE '[]' END) WITH ORDINALITY AS t(v, i) ORDER BY t.i),
  coalesce(r.data ->> 'img', ''),
  coalesce(r.data ->> 'subject', ''),
  coalesce(r.data ->> 'message', ''),
  ARRAY(SELECT t.v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'attachments') = 'array' THEN r.data -> 'attachments' ELSE '[]' END) WITH ORDINALITY AS t(v, i) ORDER BY t.i),
  coalesce((r.data -> 'isStarred') = 'true'::jsonb, false),
  ARRAY(
    SELECT t.v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data -> 'labels') = 'array' THEN r.data -> 'labels' ELSE '[]' END)
      WITH ORDINALITY AS t(v, i)
    WHERE t.v IN ('personal', 'company', 'important', 'private') ORDER BY t.i
  ),
  coalesce(CASE WHEN r.data ->> 'time' ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d' THEN (r.data ->> 'time')::timestamptz END, 'epoch'::timestamptz),
  CASE WHEN jsonb_typeof(r.data -> 'replies') = 'array' THEN r.data -> 'replies' ELSE '[]'::jsonb END,
  CASE WHEN r.data ->> 'mailFolder' IN ('inbox', 'sent', 'draft', 'spam', 'trash') THEN r.data ->> 'mailFolder' ELSE 'inbox' END,
  coalesce((r.data -> 'unread') = 'true'::jsonb, false),
  greatest(
    n.number,
    coalesce((
      SELECT max((reply ->> 'id')::bigint) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.data -> 'replies') = 'array' THEN r.data -> 'replies' ELSE '[]' END) AS reply
      WHERE reply ->> 'id' ~ '^\d{1,15}$'
    ), 0)
  )
FROM rows r
JOIN (
  SELECT
    e.id,
    CASE WHEN e.numbered THEN e.id::bigint
      ELSE (SELECT coalesce(max(id::bigint), 0) FROM rows WHERE collection = 'emails' AND NOT deleted AND id ~ '^[1-9]\d{0,14}$')
        + row_number() OVER (PARTITION BY e.numbered ORDER BY e.id)
    END AS number
  FROM (SELECT id, id ~ '^[1-9]\d{0,14}$' AS numbered FROM rows WHERE collection = 'emails' AND NOT deleted) e
) n ON n.id = r.id
WHERE r.collection = 'emails' AND NOT r.deleted;

-- An account's emails (every mailbox request reads the caller's), and the largest number for the next one.
CREATE INDEX emails_by_owner ON emails (owner_id);
CREATE INDEX emails_by_last_number ON emails (last_number);

-- The accounts whose mailbox has its starter emails (an account that deleted them all still has it).
CREATE TABLE email_mailboxes (
  owner_id text PRIMARY KEY
);

INSERT INTO email_mailboxes (owner_id)
SELECT DISTINCT data ->> 'ownerId' FROM rows WHERE collection = 'emailMailboxes' AND NOT deleted AND data ->> 'ownerId' IS NOT NULL;

DROP INDEX rows_email_by_owner;
DROP INDEX rows_email_mailbox_by_owner;
DELETE FROM rows WHERE collection IN ('emails', 'emailMailboxes');

-- An email and a mailbox belong to an account, and go with it. Checked at commit (a seed stores emails and
-- accounts in one transaction, in any order); NOT VALID: what a database stored before keeps its rows whatever
-- owner it names, every one written since is checked.
ALTER TABLE emails ADD CONSTRAINT emails_owner_fk
  FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
ALTER TABLE email_mailboxes ADD CONSTRAINT email_mailboxes_owner_fk
  FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
