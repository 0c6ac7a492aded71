-- The sign-in throttle's counters leave the JSON log (`rows`) for a table of their own
-- (server/db/sign-in-attempts.ts): one row per key (a sign-in name's hash, a client's address), unique, holding
-- the failures of the window. A sign-in claims its keys' rows with INSERT … ON CONFLICT and locks them, so
-- attempts sent together, to one instance or several, are each counted against the ones before them.
CREATE TABLE sign_in_attempts (
  key text PRIMARY KEY,
  -- The record's id as the domain knows it.
  id text NOT NULL,
  -- When the failures of the window happened (ms since the epoch), oldest first.
  failures bigint[] NOT NULL
);

INSERT INTO sign_in_attempts (key, id, failures)
SELECT DISTINCT ON (r.data ->> 'key')
  r.data ->> 'key',
  r.id,
  coalesce(
    ARRAY(
      SELECT floor(failure::numeric)::bigint FROM jsonb_array_elements_text(r.data -> 'failures') WITH ORDINALITY AS f(failure, n)
      WHERE failure ~ '^\d{1,15}(\.\d+)?$' ORDER BY n
    ),
    ARRAY[]::bigint[]
  )
FROM rows r
WHERE r.collection = 'signInAttempts' AND NOT r.deleted AND r.data ->> 'key' IS NOT NULL
ORDER BY r.data ->> 'key', r.seq DESC;

DELETE FROM rows WHERE collection = 'signInAttempts';
DROP INDEX rows_sign_in_attempt_by_key;
