-- The sign-ins' tokens leave the JSON log (`rows`) for a table of their own (server/db/sessions.ts): one row per
-- issued token, its token unique, and the account it signs in: an account's tokens go with it.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  access_token text NOT NULL,
  -- Every token of one sign-in shares it (the family a refresh rotates within).
  session_key text NOT NULL,
  user_id text NOT NULL,
  -- When the token expires, in ms since the epoch (the domain's clock).
  expires_at bigint NOT NULL,
  revoked boolean NOT NULL,
  -- Null: never locked or unlocked (a token stored before the lock existed).
  locked boolean,
  CONSTRAINT sessions_access_token_unique UNIQUE (access_token)
);

-- A token another one already had (never issued so: tokens are random) is kept by the first stored only.
INSERT INTO sessions (id, access_token, session_key, user_id, expires_at, revoked, locked)
SELECT DISTINCT ON (r.data ->> 'accessToken')
  r.id,
  r.data ->> 'accessToken',
  coalesce(r.data ->> 'sessionKey', r.id),
  coalesce(r.data ->> 'userId', ''),
  CASE WHEN r.data ->> 'expiresAt' ~ '^\d{1,15}(\.\d+)?$' THEN floor((r.data ->> 'expiresAt')::numeric)::bigint ELSE 0 END,
  coalesce((r.data ->> 'revoked')::boolean, false),
  (r.data ->> 'locked')::boolean
FROM rows r
WHERE r.collection = 'sessions' AND NOT r.deleted AND r.data ->> 'accessToken' IS NOT NULL
ORDER BY r.data ->> 'accessToken', r.seq;

CREATE INDEX sessions_by_key ON sessions (session_key);
CREATE INDEX sessions_by_user ON sessions (user_id);

DELETE FROM rows WHERE collection = 'sessions';
DROP INDEX rows_session_by_token;
DROP INDEX rows_session_by_key;
DROP INDEX rows_session_by_user;

-- A token belongs to an account that exists, and goes with it. Checked at commit (a sign-in may store its
-- account and its token in one transaction, in any order); NOT VALID: tokens stored before are kept whatever
-- they name, every new one is checked.
ALTER TABLE sessions ADD CONSTRAINT sessions_user_fk
  FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED NOT VALID;
