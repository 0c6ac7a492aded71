-- The idempotent creates' kept answers leave the JSON log (`rows`) for a table of their own
-- (server/db/idempotency-keys.ts): one row per owner and key. A create stores its key in its own transaction,
-- so the same key sent twice at once creates once: the second waits on the first's row, collides with it at
-- its commit, runs again and replays the first's answer.
CREATE TABLE idempotency_keys (
  -- The user id, or 'anonymous' before sign-in.
  owner text NOT NULL,
  key text NOT NULL,
  -- Method, path and a hash of the canonical body of the first request.
  fingerprint text NOT NULL,
  status smallint NOT NULL CHECK (status BETWEEN 200 AND 299),
  body jsonb,
  -- When the answer was kept, in ms since the epoch (the domain's clock); forgotten a day later.
  created_at bigint NOT NULL,
  PRIMARY KEY (owner, key)
);

INSERT INTO idempotency_keys (owner, key, fingerprint, status, body, created_at)
SELECT DISTINCT ON (r.data ->> 'owner', r.data ->> 'key')
  r.data ->> 'owner',
  r.data ->> 'key',
  coalesce(r.data ->> 'fingerprint', ''),
  (r.data ->> 'status')::smallint,
  r.data -> 'body',
  floor((r.data ->> 'createdAt')::numeric)::bigint
FROM rows r
WHERE r.collection = 'idempotencyKeys' AND NOT r.deleted
  AND r.data ->> 'owner' IS NOT NULL AND r.data ->> 'key' IS NOT NULL
  AND r.data ->> 'status' ~ '^2\d\d$' AND r.data ->> 'createdAt' ~ '^\d{1,15}(\.\d+)?$'
ORDER BY r.data ->> 'owner', r.data ->> 'key', (r.data ->> 'createdAt')::numeric DESC;

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

DELETE FROM rows WHERE collection = 'idempotencyKeys';
DROP INDEX rows_idempotency_by_key;
DROP INDEX rows_idempotency_by_age;
